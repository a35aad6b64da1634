import type { Term } from '@rdfjs/types'
import type { HarvestedDistribution, HarvestedRecord } from '../record.ts'
import { dutchTexts, iriOrText, NS, preferredText, type PageGraph } from './rdf-graph.ts'

const dcat = (local: string) => `${NS.dcat}${local}`
const dct = (local: string) => `${NS.dct}${local}`
const LABEL = `${NS.rdfs}label`
const VALUE = `${NS.rdf}value`

/** EU file types (http://publications.europa.eu/resource/authority/file-type/CSV): the code. */
const FILE_TYPE = /\/resource\/authority\/file-type\/([^/?#]+)$/
/** IANA's register (https://www.iana.org/assignments/media-types/text/csv): the media type. */
const IANA_MEDIA_TYPE = /^https?:\/\/www\.iana\.org\/assignments\/media-types\/([^/?#]+\/[^/?#]+)$/

/** A described resource's name: a licence document or media type given as a blank node. */
const labelOf = (graph: PageGraph, node: Term) =>
  preferredText(graph.objects(node, LABEL)) ?? preferredText(graph.objects(node, VALUE))

function licenceOf(graph: PageGraph, subject: Term): string | null {
  const [licence] = graph.objects(subject, dct('license'))
  if (!licence) return null
  return licence.termType === 'BlankNode' ? labelOf(graph, licence) : iriOrText(licence)
}

/** A format or media type as the portal writes them: `CSV`, `text/csv`. */
function codeOf(graph: PageGraph, term: Term | undefined): string | null {
  if (!term) return null
  if (term.termType === 'BlankNode') return labelOf(graph, term)
  const value = iriOrText(term)
  if (value === null || term.termType === 'Literal') return value
  return FILE_TYPE.exec(value)?.[1] ?? IANA_MEDIA_TYPE.exec(value)?.[1] ?? value
}

/** dcat:byteSize when it is a whole number of bytes that JavaScript holds exactly. */
function sizeOf(term: Term | undefined): number | null {
  if (term?.termType !== 'Literal' || !/^\s*\d+\s*$/.test(term.value)) return null
  const size = Number(term.value)
  return Number.isSafeInteger(size) ? size : null
}

function distributionOf(graph: PageGraph, node: Term): HarvestedDistribution {
  const [download] = graph.objects(node, dcat('downloadURL'))
  const [access] = graph.objects(node, dcat('accessURL'))
  return {
    title: preferredText(graph.objects(node, dct('title'))),
    url: iriOrText(download) ?? iriOrText(access),
    format: codeOf(graph, graph.objects(node, dct('format'))[0]),
    mediaType: codeOf(graph, graph.objects(node, dcat('mediaType'))[0]),
    size: sizeOf(graph.objects(node, dcat('byteSize'))[0]),
  }
}

/** dct:temporal: the first period's start and end (DCAT's dcat:startDate, or schema.org's). */
function temporalOf(graph: PageGraph, dataset: Term): HarvestedRecord['temporal'] {
  for (const period of graph.objects(dataset, dct('temporal'))) {
    if (period.termType === 'Literal') continue
    const date = (dcatName: string, schemaName: string) =>
      preferredText(graph.objects(period, dcat(dcatName))) ??
      preferredText(graph.objects(period, `http://schema.org/${schemaName}`))
    const start = date('startDate', 'startDate')
    const end = date('endDate', 'endDate')
    if (start !== null || end !== null) return { start, end }
  }
  return undefined
}

function recordOf(graph: PageGraph, dataset: Term): HarvestedRecord {
  const distributionNodes = graph
    .objects(dataset, dcat('distribution'))
    .filter((node) => node.termType === 'NamedNode' || node.termType === 'BlankNode')
  const identifier =
    preferredText(graph.objects(dataset, dct('identifier'))) ??
    (dataset.termType === 'NamedNode' ? dataset.value : '')
  const themeIris = graph
    .objects(dataset, dcat('theme'))
    .filter((theme) => theme.termType === 'NamedNode')
    .map((theme) => theme.value)
  const [landingPage] = graph.objects(dataset, dcat('landingPage'))
  const [page] = graph.objects(dataset, `${NS.foaf}page`)
  return {
    identifier,
    title: preferredText(graph.objects(dataset, dct('title'))),
    description: preferredText(graph.objects(dataset, dct('description'))),
    keywords: dutchTexts(graph.objects(dataset, dcat('keyword'))),
    themeIris: [...new Set(themeIris)],
    groups: [],
    // The dataset's own licence, else the first its distributions name.
    licence:
      licenceOf(graph, dataset) ??
      distributionNodes.map((node) => licenceOf(graph, node)).find((l) => l !== null) ??
      null,
    modified: preferredText(graph.objects(dataset, dct('modified'))),
    issued: preferredText(graph.objects(dataset, dct('issued'))),
    landingPage: iriOrText(landingPage) ?? iriOrText(page),
    temporal: temporalOf(graph, dataset),
    spatial:
      graph.objects(dataset, dct('spatial')).find((area) => area.termType === 'NamedNode')?.value ??
      null,
    distributions: distributionNodes.map((node) => distributionOf(graph, node)),
  }
}

/** Every dcat:Dataset of a page as a record, in the order the page types them. */
export const recordsOf = (graph: PageGraph): HarvestedRecord[] =>
  graph.ofType(dcat('Dataset')).map((dataset) => recordOf(graph, dataset))
