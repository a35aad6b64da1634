import { RDF_FORMATS, type RdfFormat } from './serialize.ts'

interface Range {
  type: string
  subtype: string
  q: number
}

/** Alternative names clients send for the same serialisations. */
const ALIASES: Record<string, RdfFormat> = {
  'text/turtle': 'ttl',
  'application/x-turtle': 'ttl',
  'application/ld+json': 'jsonld',
  'application/json': 'jsonld',
  'application/rdf+xml': 'rdf',
}

function parseAccept(header: string): Range[] {
  return header
    .split(',')
    .slice(0, 50)
    .flatMap((part) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
      const [type, subtype, ...rest] = range.split('/')
      if (!type || !subtype || rest.length > 0) return []
      const qParam = params.find((param) => param.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return Number.isFinite(q) && q > 0 && q <= 1 ? [{ type, subtype, q }] : []
    })
}

/**
 * The serialisation for an Accept header: the one the client ranks highest, Turtle first
 * among equals (and for no header, `*` / `*`, or a browser's text/html,...,*\/*). Null when
 * the client accepts none of them: the route answers 406.
 */
export function negotiateFormat(accept: string | undefined): RdfFormat | null {
  if (!accept || accept.trim() === '') return 'ttl'
  let best: { format: RdfFormat; q: number } | null = null
  const candidates: Array<[string, RdfFormat]> = [
    ...(Object.entries(RDF_FORMATS) as Array<[RdfFormat, string]>).map(
      ([format, type]): [string, RdfFormat] => [type, format],
    ),
    ...Object.entries(ALIASES),
  ]
  for (const range of parseAccept(accept)) {
    for (const [mediaType, format] of candidates) {
      const [type, subtype] = mediaType.split('/')
      const matches =
        (range.type === '*' && range.subtype === '*') ||
        (range.type === type && (range.subtype === '*' || range.subtype === subtype))
      if (matches && (!best || range.q > best.q)) best = { format, q: range.q }
    }
  }
  return best?.format ?? null
}
