import type { Quad, Term } from '@rdfjs/types'
import { JsonLdParser } from 'jsonld-streaming-parser'
import { Parser } from 'n3'
import { HarvestCollectError, type CollectedSource, type HarvestedRecord } from '../record.ts'
import { recordsOf } from './dcat-records.ts'
import { boundRecord } from './bounds.ts'
import { RunContexts } from './contexts.ts'
import { isHttpUrl } from '../../../shared/outbound/addresses.ts'
import { fetchPage, onSourceOrigin, type FetchedPage } from './fetch-page.ts'
import { count, type CollectLimits } from './limits.ts'
import { NS, PageGraph } from './rdf-graph.ts'
import type { PageReport } from './protocol.ts'

/** RDF/XML is not asked for: the harvester reads Turtle and JSON-LD only. */
const ACCEPT =
  'text/turtle, application/x-turtle;q=0.95, application/ld+json;q=0.9, application/json;q=0.8'

const TURTLE = new Set(['text/turtle', 'application/x-turtle'])
const JSON_LD = new Set(['application/ld+json', 'application/json'])

const hydra = (local: string) => `${NS.hydra}${local}`

/** n3 tells the line of a syntax error; its message quotes the page, which is not shown. */
function parseTurtle(page: FetchedPage, n: number): Quad[] {
  try {
    return new Parser({ baseIRI: page.url, format: 'text/turtle' }).parse(page.body)
  } catch (error) {
    const line = (error as { context?: { line?: unknown } }).context?.line
    const where = typeof line === 'number' ? ` (fout op regel ${count(line)})` : ''
    throw new HarvestCollectError(`Pagina ${n} is geen geldige Turtle${where}.`)
  }
}

async function parseJsonLd(page: FetchedPage, n: number, contexts: RunContexts): Promise<Quad[]> {
  const parser = new JsonLdParser({
    baseIRI: page.url,
    documentLoader: { load: (url) => contexts.load(url, n) },
  })
  const quads: Quad[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('data', (quad: Quad) => quads.push(quad))
      parser.on('error', reject)
      parser.on('end', resolve)
      parser.write(page.body)
      parser.end()
    })
  } catch {
    // The parser's message quotes the page (or a context); the portal says what it is instead.
    throw contexts.failure ?? new HarvestCollectError(`Pagina ${n} is geen geldige JSON-LD.`)
  }
  return quads
}

/** Media types a page may come in instead, named in the message; any other is not repeated. */
const OTHER_FORMATS = new Set([
  'application/rdf+xml',
  'application/n-triples',
  'application/n-quads',
  'application/trig',
  'text/n3',
  'application/xml',
  'text/xml',
  'text/html',
  'application/xhtml+xml',
  'text/plain',
  'text/csv',
  'application/problem+json',
  'application/octet-stream',
])

function formatOf(page: FetchedPage): string {
  if (page.contentType === '') return 'een onbekend formaat (geen Content-Type)'
  return OTHER_FORMATS.has(page.contentType) ? page.contentType : 'een ander formaat'
}

/**
 * The next page's address: hydra:next of the page's view (Hydra's PartialCollectionView),
 * else the older hydra:nextPage; null on the last page.
 */
function nextPageOf(graph: PageGraph, page: FetchedPage): string | null {
  const views = [
    ...graph.allObjects(hydra('view')),
    ...graph.ofType(hydra('PartialCollectionView')),
    ...graph.ofType(hydra('PagedCollection')),
  ]
  const fromView = views.flatMap((view) => [
    ...graph.objects(view, hydra('next')),
    ...graph.objects(view, hydra('nextPage')),
  ])
  const next: Term | undefined =
    fromView[0] ?? graph.allObjects(hydra('next'))[0] ?? graph.allObjects(hydra('nextPage'))[0]
  if (!next || (next.termType !== 'NamedNode' && next.termType !== 'Literal')) return null
  return URL.canParse(next.value, page.url) ? new URL(next.value, page.url).href : next.value
}

function totalItemsOf(graph: PageGraph): number | null {
  for (const term of graph.allObjects(hydra('totalItems'))) {
    if (term.termType === 'Literal' && /^\s*\d+\s*$/.test(term.value)) {
      const total = Number(term.value)
      if (Number.isSafeInteger(total)) return total
    }
  }
  return null
}

/**
 * Reads a DCAT-AP catalogue page by page, following its Hydra paging: every dcat:Dataset of
 * every page as a record, in page order. Any page that fails fails the whole collection.
 */
export async function collectDcat(
  sourceUrl: string,
  limits: CollectLimits,
  report: PageReport,
): Promise<CollectedSource> {
  const source = new URL(sourceUrl)
  const contexts = new RunContexts(source, limits)
  const records: HarvestedRecord[] = []
  const read = new Set<string>()
  let expected: number | null = null
  let url: string | null = sourceUrl
  let n = 0
  while (url !== null) {
    n++
    if (n > limits.maxPages) {
      throw new HarvestCollectError(`De bron heeft meer dan ${count(limits.maxPages)} pagina's.`)
    }
    if (!URL.canParse(url) || !isHttpUrl(new URL(url))) {
      throw new HarvestCollectError(
        `Pagina ${n} heeft geen http- of https-adres en wordt niet gelezen.`,
      )
    }
    if (!onSourceOrigin(new URL(url), source)) {
      throw new HarvestCollectError(
        `Pagina ${n} staat op een andere server (${new URL(url).origin}) dan de bron en wordt niet gelezen; de harvester leest alleen de bron zelf.`,
      )
    }
    if (read.has(url)) {
      throw new HarvestCollectError(
        `Pagina ${n} is een pagina die al is gelezen; de volgende-paginalinks van de bron lopen rond (${url}).`,
      )
    }
    read.add(url)
    const page = await fetchPage(new URL(url), n, ACCEPT, limits, { source })
    let quads: Quad[]
    if (TURTLE.has(page.contentType)) quads = parseTurtle(page, n)
    else if (JSON_LD.has(page.contentType)) quads = await parseJsonLd(page, n, contexts)
    else {
      throw new HarvestCollectError(
        `Pagina ${n} is geen Turtle of JSON-LD maar ${formatOf(page)}; alleen die twee worden gelezen (${url}).`,
      )
    }
    const graph = new PageGraph(quads)
    records.push(...recordsOf(graph).map(boundRecord))
    if (records.length > limits.maxRecords) {
      throw new HarvestCollectError(`De bron heeft meer dan ${count(limits.maxRecords)} datasets.`)
    }
    expected = totalItemsOf(graph) ?? expected
    report({ pages: n, records: records.length, expected })
    url = nextPageOf(graph, page)
  }
  return { records, pages: n, expected }
}
