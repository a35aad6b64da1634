import { toIri } from '@dataportaal/contract'
import { JsonLdSerializer } from 'jsonld-streaming-serializer'
import { DataFactory, Writer, type NamedNode, type Quad } from 'n3'
import { toRdfXml } from './rdf-xml.ts'
import { NS } from './vocabulary.ts'

/** The serialisations the catalogue speaks, by their `?format=` name. */
export const RDF_FORMATS = {
  ttl: 'text/turtle',
  jsonld: 'application/ld+json',
  rdf: 'application/rdf+xml',
} as const

export type RdfFormat = keyof typeof RDF_FORMATS

export function toTurtle(quads: readonly Quad[]): Promise<string> {
  const writer = new Writer({ prefixes: { ...NS } })
  writer.addQuads([...quads])
  return new Promise((resolve, reject) => {
    writer.end((error: Error | null, result: string) => (error ? reject(error) : resolve(result)))
  })
}

export function toJsonLd(quads: readonly Quad[]): Promise<string> {
  const serializer = new JsonLdSerializer({ context: { ...NS }, space: '  ' })
  const chunks: string[] = []
  return new Promise((resolve, reject) => {
    serializer.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()))
    serializer.on('error', reject)
    serializer.on('end', () => resolve(chunks.join('')))
    for (const quad of quads) serializer.write(quad)
    serializer.end()
  })
}

const validIri = (term: NamedNode) => DataFactory.namedNode(toIri(term.value))

/**
 * The quads with every IRI a valid one (toIri). Addresses are stored so, but a row stored
 * before, a configured address or a media type can still hold what an IRI may not, and the
 * writers put IRIs out as they are: n3 a `{` or a quote inside `<…>`, the JSON-LD serializer
 * a quote or backslash inside a JSON string. Literals they escape themselves.
 */
const withValidIris = (quads: readonly Quad[]) =>
  quads.map((quad) =>
    DataFactory.quad(
      quad.subject.termType === 'NamedNode' ? validIri(quad.subject) : quad.subject,
      quad.predicate,
      quad.object.termType === 'NamedNode' ? validIri(quad.object) : quad.object,
      quad.graph,
    ),
  )

export async function serialize(quads: readonly Quad[], format: RdfFormat): Promise<string> {
  const valid = withValidIris(quads)
  if (format === 'ttl') return toTurtle(valid)
  if (format === 'jsonld') return toJsonLd(valid)
  return toRdfXml(valid)
}
