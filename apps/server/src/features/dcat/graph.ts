import { EU_DATA_THEMES, httpUrl, type EuDataTheme } from '@dataportaal/contract'
import { DataFactory, type Quad, type Quad_Object, type Quad_Subject } from 'n3'
import type { Config } from '../../config.ts'
import type {
  CatalogueDataset,
  CatalogueFile,
  CatalogueLink,
  CataloguePage,
  CatalogueVersion,
} from './service.ts'
import {
  EU,
  euThemesOf,
  fileTypeOf,
  fileTypeOfFormat,
  ianaMediaTypeOf,
  licenceOf,
  NS,
  type Licence,
} from './vocabulary.ts'

const { namedNode, literal, blankNode, quad } = DataFactory

export type CatalogueSite = Pick<Config, 'publicUrl'> & {
  catalogue: Omit<Config['catalogue'], 'spatial'> & { spatial?: string }
}

/** The catalogue's one address, outside the API: the URL to give data.overheid.nl. */
export const CATALOGUE_PATH = '/catalogus'

const term = <P extends keyof typeof NS>(prefix: P, local: string) =>
  namedNode(`${NS[prefix]}${local}`)

const dcat = (local: string) => term('dcat', local)
const dct = (local: string) => term('dct', local)
const foaf = (local: string) => term('foaf', local)
const vcard = (local: string) => term('vcard', local)
const skos = (local: string) => term('skos', local)
const hydra = (local: string) => term('hydra', local)
const a = term('rdf', 'type')

/**
 * Characters XML 1.0 cannot carry, not even escaped. The portal refuses them on input, but
 * imported text may hold them; they are dropped from every text so that the Turtle, JSON-LD
 * and RDF/XML of the catalogue carry one and the same graph.
 */
const NOT_IN_XML = new RegExp(
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]' +
    '|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  'g',
)

const dutch = (text: string) => literal(text.replace(NOT_IN_XML, ''), 'nl')
const plain = (text: string) => literal(text.replace(NOT_IN_XML, ''))
const dateTime = (date: Date) => literal(date.toISOString(), term('xsd', 'dateTime'))
const nonNegative = (value: number) => literal(String(value), term('xsd', 'nonNegativeInteger'))
const date = (value: string) => literal(value, term('xsd', 'date'))

/** The web app's document page (DOCUMENT_PATH of apps/web/src/shared/routes.ts). */
const documentPage = (site: CatalogueSite, id: string) =>
  `${site.publicUrl}/documenten/${encodeURIComponent(id)}`

/** The public download of a file (the documents feature's /pubapi route). */
const downloadUrl = (site: CatalogueSite, id: string, fileId: string) =>
  `${site.publicUrl}/pubapi/documents/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`

/** The public download of an earlier version of a file (features/history's /pubapi route). */
const versionDownloadUrl = (site: CatalogueSite, id: string, versionId: string) =>
  `${site.publicUrl}/pubapi/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}/file`

/** The public Data API of a file's table (features/tables), `…/table` + what follows. */
const tableUrl = (
  site: CatalogueSite,
  id: string,
  fileId: string,
  path: string,
  sheet: string | null,
) =>
  `${downloadUrl(site, id, fileId)}/${path}${sheet === null ? '' : `?sheet=${encodeURIComponent(sheet)}`}`

/** The OpenAPI document of the API, which describes the rows endpoint (app.ts, swagger). */
const openApiUrl = (site: CatalogueSite) => `${site.publicUrl}/api/docs/json`

/** The address of one page of the catalogue, with the filter it was asked with. */
export function pageUrl(site: CatalogueSite, page: number, modifiedSince?: Date) {
  const params = new URLSearchParams()
  if (modifiedSince) params.set('modified_since', modifiedSince.toISOString())
  params.set('page', String(page))
  return `${site.publicUrl}${CATALOGUE_PATH}?${params.toString()}`
}

/** Collects the triples of the catalogue; each code-list value is described once. */
class GraphBuilder {
  readonly quads: Quad[] = []
  private readonly described = new Set<string>()

  add(
    subject: Quad_Subject,
    predicate: string | ReturnType<typeof namedNode>,
    object: Quad_Object,
  ) {
    const p = typeof predicate === 'string' ? namedNode(predicate) : predicate
    this.quads.push(quad(subject, p, object))
  }

  /**
   * Describes a referenced resource once: its class and label, as the shapes require them.
   * `role` tells apart two descriptions of one IRI (the city as publisher and as area).
   */
  once(iri: string, describe: (node: ReturnType<typeof namedNode>) => void, role = '') {
    const key = `${role} ${iri}`
    if (this.described.has(key)) return namedNode(iri)
    this.described.add(key)
    const node = namedNode(iri)
    describe(node)
    return node
  }
}

function language(graph: GraphBuilder) {
  return graph.once(EU.languageDutch, (node) => {
    graph.add(node, a, dct('LinguisticSystem'))
  })
}

function publisher(graph: GraphBuilder, site: CatalogueSite) {
  const { uri, name } = site.catalogue.publisher
  return graph.once(uri, (node) => {
    graph.add(node, a, foaf('Agent'))
    graph.add(node, a, foaf('Organization'))
    graph.add(node, foaf('name'), dutch(name))
  })
}

/** A telephone number as a tel: URI (RFC 3966): digits and a leading +. */
const telUri = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`

function contactPoint(graph: GraphBuilder, site: CatalogueSite) {
  const { name, email, phone } = site.catalogue.contact
  return graph.once(`${site.publicUrl}${CATALOGUE_PATH}#contactpunt`, (node) => {
    graph.add(node, a, vcard('Kind'))
    graph.add(node, a, vcard('Organization'))
    graph.add(node, vcard('fn'), dutch(name))
    graph.add(node, vcard('hasEmail'), namedNode(`mailto:${email}`))
    if (phone) graph.add(node, vcard('hasTelephone'), namedNode(telUri(phone)))
  })
}

function theme(graph: GraphBuilder, code: EuDataTheme) {
  return graph.once(EU.dataTheme(code), (node) => {
    graph.add(node, a, skos('Concept'))
    graph.add(node, skos('prefLabel'), dutch(EU_DATA_THEMES[code]))
    graph.add(node, skos('inScheme'), namedNode(EU.dataThemeScheme))
  })
}

function licence(graph: GraphBuilder, value: Licence) {
  if (value.iri === null) {
    // A licence the lists do not know: described by its text only (docs/publication.md).
    const node = blankNode()
    graph.add(node, a, dct('LicenseDocument'))
    graph.add(node, term('rdfs', 'label'), plain(value.label))
    return node
  }
  return graph.once(value.iri, (node) => {
    graph.add(node, a, dct('LicenseDocument'))
    graph.add(node, term('rdfs', 'label'), plain(value.label))
  })
}

/**
 * dct:rights of a distribution: what a user may do with it, in words (the MQA counts it; the
 * licence itself is dct:license). Public, and reusable under the dataset's licence.
 */
function rights(graph: GraphBuilder, dataset: CatalogueDataset) {
  const node = blankNode()
  graph.add(node, a, dct('RightsStatement'))
  graph.add(
    node,
    term('rdfs', 'label'),
    dutch(`Openbaar; hergebruik volgens de licentie ${licenceOf(dataset.license).label}.`),
  )
  return node
}

/** dct:temporal: the period a dataset is about, either end open. */
function period(graph: GraphBuilder, temporal: NonNullable<CatalogueDataset['temporal']>) {
  const node = blankNode()
  graph.add(node, a, dct('PeriodOfTime'))
  if (temporal.start) graph.add(node, dcat('startDate'), date(temporal.start))
  if (temporal.end) graph.add(node, dcat('endDate'), date(temporal.end))
  return node
}

/** A box as a WKT polygon (GeoSPARQL's wktLiteral, in WGS 84 longitude-latitude order). */
function wktBox([west, south, east, north]: readonly [number, number, number, number]) {
  return literal(
    `POLYGON((${west} ${south}, ${east} ${south}, ${east} ${north}, ${west} ${north}, ${west} ${south}))`,
    namedNode('http://www.opengis.net/ont/geosparql#wktLiteral'),
  )
}

/**
 * dct:spatial: the area the dataset is about (its own URI, else the catalogue's default, the
 * city) and, when it has GeoJSON files, a location with the box around their geometries.
 */
function coverage(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  node: ReturnType<typeof namedNode>,
) {
  const area = dataset.spatial ?? site.catalogue.spatial
  if (area) {
    graph.add(
      node,
      dct('spatial'),
      graph.once(area, (location) => graph.add(location, a, dct('Location')), 'area'),
    )
  }
  if (dataset.bbox) {
    const box = blankNode()
    graph.add(box, a, dct('Location'))
    graph.add(box, dcat('bbox'), wktBox(dataset.bbox))
    graph.add(node, dct('spatial'), box)
  }
  if (dataset.temporal) graph.add(node, dct('temporal'), period(graph, dataset.temporal))
}

function document(graph: GraphBuilder, url: string) {
  return graph.once(url, (node) => graph.add(node, a, foaf('Document')))
}

function distribution(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  file: CatalogueFile,
) {
  const node = namedNode(`${documentPage(site, dataset.id)}#bestand-${encodeURIComponent(file.id)}`)
  storedFile(graph, dataset, node, {
    url: downloadUrl(site, dataset.id, file.id),
    fileName: file.fileName,
    size: file.size,
    mediaType: file.mediaType,
    modifiedAt: dataset.modifiedAt,
  })
  tableService(graph, site, dataset, file, node)
  return node
}

/** A file the portal stores, as a distribution: a current file or an earlier version of one. */
function storedFile(
  graph: GraphBuilder,
  dataset: CatalogueDataset,
  node: ReturnType<typeof namedNode>,
  file: { url: string; fileName: string; size: number; mediaType: string; modifiedAt: Date },
) {
  const url = namedNode(file.url)
  graph.add(node, a, dcat('Distribution'))
  graph.add(node, dct('title'), dutch(file.fileName))
  graph.add(node, dcat('accessURL'), url)
  graph.add(node, dcat('downloadURL'), url)
  graph.add(node, dct('license'), licence(graph, licenceOf(dataset.license)))
  graph.add(node, dct('language'), language(graph))
  graph.add(node, dcat('byteSize'), nonNegative(file.size))
  graph.add(node, dct('rights'), rights(graph, dataset))
  graph.add(node, dct('modified'), dateTime(file.modifiedAt))
  typeOf(graph, node, ianaMediaTypeOf(file.mediaType), fileTypeOf(file.mediaType))
}

/**
 * A file with loaded tables: the distribution is also reachable through the rows API (one
 * dcat:DataService per file, DCAT-AP-NL allows one; a workbook's sheets are its `sheet=`),
 * described by the OpenAPI document, and conforms to each table's Table Schema. The service
 * carries what DCAT-AP-NL asks of one, as the dataset does.
 */
function tableService(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  file: CatalogueFile,
  distributionNode: ReturnType<typeof namedNode>,
) {
  if (file.tables.length === 0) return
  const node = namedNode(`${documentPage(site, dataset.id)}#tabel-${encodeURIComponent(file.id)}`)
  graph.add(node, a, dcat('DataService'))
  graph.add(node, dct('identifier'), plain(node.value))
  graph.add(node, dct('title'), dutch(`Data-API van ${file.fileName}`))
  const sheets = file.tables.flatMap((table) => (table.sheet === null ? [] : [table.sheet]))
  graph.add(
    node,
    dct('description'),
    dutch(
      `De rijen van ${file.fileName} filteren, sorteren en als CSV downloaden` +
        (sheets.length > 0 ? `; bladen (sheet=): ${sheets.join(', ')}.` : '.'),
    ),
  )
  graph.add(node, dcat('endpointURL'), namedNode(tableUrl(site, dataset.id, file.id, 'rows', null)))
  graph.add(node, dcat('endpointDescription'), namedNode(openApiUrl(site)))
  graph.add(node, dcat('servesDataset'), namedNode(`${documentPage(site, dataset.id)}#dataset`))
  graph.add(node, dct('license'), licence(graph, licenceOf(dataset.license)))
  aboutTheDataset(graph, site, dataset, node)
  graph.add(distributionNode, dcat('accessService'), node)
  for (const table of file.tables) {
    const schema = tableUrl(site, dataset.id, file.id, 'table/schema', table.sheet)
    graph.add(
      distributionNode,
      dct('conformsTo'),
      graph.once(schema, (standard) => graph.add(standard, a, dct('Standard'))),
    )
  }
}

/** dcat:mediaType and dct:format of a distribution, each when known. */
function typeOf(
  graph: GraphBuilder,
  node: ReturnType<typeof namedNode>,
  mediaType: string | null,
  format: string | null,
) {
  if (mediaType) {
    graph.add(
      node,
      dcat('mediaType'),
      graph.once(mediaType, (type) => graph.add(type, a, dct('MediaType'))),
    )
  }
  if (format) {
    graph.add(
      node,
      dct('format'),
      graph.once(format, (type) => graph.add(type, a, dct('MediaTypeOrExtent'))),
    )
  }
}

/**
 * A harvested file: the portal links to it at its source and holds no copy, so the link is
 * both where to reach it and where to download it.
 */
function linkDistribution(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  link: CatalogueLink,
  url: string,
) {
  const node = namedNode(`${documentPage(site, dataset.id)}#link-${encodeURIComponent(link.id)}`)
  graph.add(node, a, dcat('Distribution'))
  graph.add(node, dct('title'), dutch(link.title))
  graph.add(node, dcat('accessURL'), namedNode(url))
  graph.add(node, dcat('downloadURL'), namedNode(url))
  graph.add(node, dct('license'), licence(graph, licenceOf(dataset.license)))
  graph.add(node, dct('language'), language(graph))
  if (link.size !== null) graph.add(node, dcat('byteSize'), nonNegative(link.size))
  graph.add(node, dct('rights'), rights(graph, dataset))
  const mediaType = link.mediaType === null ? null : ianaMediaTypeOf(link.mediaType)
  const format =
    (link.format === null ? null : fileTypeOfFormat(link.format)) ??
    (link.mediaType === null ? null : fileTypeOf(link.mediaType))
  typeOf(graph, node, mediaType, format)
  return node
}

/** A document without files but with a source URL: the source is where the data is. */
function sourceDistribution(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  sourceUrl: string,
) {
  const node = namedNode(`${documentPage(site, dataset.id)}#bron`)
  graph.add(node, a, dcat('Distribution'))
  graph.add(node, dct('title'), dutch('Bij de bron'))
  graph.add(node, dcat('accessURL'), namedNode(sourceUrl))
  graph.add(node, dct('license'), licence(graph, licenceOf(dataset.license)))
  graph.add(node, dct('rights'), rights(graph, dataset))
  graph.add(node, dct('language'), language(graph))
  return node
}

/**
 * What a dataset and the data service of its tables say alike: who publishes it and whom to
 * ask, that it is public, its themes and keywords, its page and language.
 */
function aboutTheDataset(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  node: ReturnType<typeof namedNode>,
) {
  graph.add(node, dct('publisher'), publisher(graph, site))
  graph.add(node, dct('creator'), publisher(graph, site))
  graph.add(node, dcat('contactPoint'), contactPoint(graph, site))
  graph.add(
    node,
    dct('accessRights'),
    graph.once(EU.accessRightPublic, (rights) => graph.add(rights, a, dct('RightsStatement'))),
  )
  for (const code of euThemesOf(dataset.themes.map((t) => t.euTheme))) {
    graph.add(node, dcat('theme'), theme(graph, code))
  }
  // Keywords are the portal's themes; labels are internal to employees and never published.
  for (const { name } of dataset.themes) graph.add(node, dcat('keyword'), dutch(name))
  graph.add(node, dcat('landingPage'), document(graph, documentPage(site, dataset.id)))
  graph.add(node, dct('language'), language(graph))
}

const dutchDate = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeZone: 'Europe/Amsterdam',
})

/**
 * An earlier file of the document as a version of its dataset (DCAT 3 versioning, the
 * decision: docs/decisions.md, "DCAT: earlier versions"): a dcat:Dataset of its own, since
 * DCAT-AP's dcat:hasVersion points at one, with what the shapes ask of every dataset and the
 * old file as its one distribution. Not a dcat:dataset of the catalogue: harvesters list the
 * document once, its versions hang from it.
 */
function versionNode(
  graph: GraphBuilder,
  site: CatalogueSite,
  dataset: CatalogueDataset,
  datasetIri: ReturnType<typeof namedNode>,
  version: CatalogueVersion,
) {
  const page = documentPage(site, dataset.id)
  const node = namedNode(`${page}#versie-${encodeURIComponent(version.id)}`)
  const replaced = dutchDate.format(version.replacedAt)
  graph.add(node, a, dcat('Dataset'))
  graph.add(node, dct('identifier'), plain(node.value))
  graph.add(
    node,
    dct('title'),
    dutch(`${dataset.title} (versie ${version.version}: ${version.fileName})`),
  )
  graph.add(
    node,
    dct('description'),
    dutch(`Eerdere versie van ${version.fileName}, tot ${replaced} een bestand van deze dataset.`),
  )
  graph.add(node, dcat('version'), plain(String(version.version)))
  graph.add(node, term('adms', 'versionNotes'), dutch(`Vervangen of verwijderd op ${replaced}.`))
  graph.add(node, dcat('isVersionOf'), datasetIri)
  aboutTheDataset(graph, site, dataset, node)
  graph.add(node, dct('issued'), dateTime(version.createdAt))
  graph.add(node, dct('modified'), dateTime(version.replacedAt))

  const file = namedNode(`${page}#versie-${encodeURIComponent(version.id)}-bestand`)
  storedFile(graph, dataset, file, {
    url: versionDownloadUrl(site, dataset.id, version.id),
    fileName: version.fileName,
    size: version.size,
    mediaType: version.mediaType,
    modifiedAt: version.createdAt,
  })
  graph.add(node, dcat('distribution'), file)
  return node
}

function datasetNode(graph: GraphBuilder, site: CatalogueSite, dataset: CatalogueDataset) {
  const page = documentPage(site, dataset.id)
  const node = namedNode(`${page}#dataset`)
  graph.add(node, a, dcat('Dataset'))
  graph.add(node, dct('identifier'), plain(node.value))
  graph.add(node, dct('title'), dutch(dataset.title))
  // dct:description is mandatory; a document without one is described by its title.
  graph.add(node, dct('description'), dutch(dataset.description.trim() || dataset.title))
  aboutTheDataset(graph, site, dataset, node)
  coverage(graph, site, dataset, node)
  graph.add(node, dct('issued'), dateTime(dataset.publishedAt))
  graph.add(node, dct('modified'), dateTime(dataset.modifiedAt))
  const sourceUrl = dataset.sourceUrl ? httpUrl(dataset.sourceUrl) : null
  if (sourceUrl) graph.add(node, foaf('page'), document(graph, sourceUrl))
  for (const file of dataset.files) {
    graph.add(node, dcat('distribution'), distribution(graph, site, dataset, file))
  }
  let links = 0
  for (const link of dataset.links) {
    const url = httpUrl(link.url)
    if (!url) continue
    graph.add(node, dcat('distribution'), linkDistribution(graph, site, dataset, link, url))
    links += 1
  }
  if (dataset.files.length === 0 && links === 0 && sourceUrl) {
    graph.add(node, dcat('distribution'), sourceDistribution(graph, site, dataset, sourceUrl))
  }
  for (const version of dataset.versions) {
    graph.add(node, dcat('hasVersion'), versionNode(graph, site, dataset, node, version))
  }
  return node
}

/** The Hydra paging of the catalogue: this page, the first, last, previous and next. */
function paging(
  graph: GraphBuilder,
  site: CatalogueSite,
  catalog: ReturnType<typeof namedNode>,
  page: CataloguePage,
  modifiedSince: Date | undefined,
) {
  const view = namedNode(pageUrl(site, page.page, modifiedSince))
  const link = (n: number) => namedNode(pageUrl(site, n, modifiedSince))
  graph.add(catalog, a, hydra('Collection'))
  graph.add(catalog, hydra('totalItems'), nonNegative(page.totalItems))
  graph.add(catalog, hydra('view'), view)
  graph.add(view, a, hydra('PartialCollectionView'))
  graph.add(view, hydra('first'), link(1))
  graph.add(view, hydra('last'), link(page.lastPage))
  if (page.page > 1) graph.add(view, hydra('previous'), link(page.page - 1))
  if (page.page < page.lastPage) graph.add(view, hydra('next'), link(page.page + 1))
}

/** The catalogue with one page of its datasets, as RDF quads. */
export function catalogueGraph(
  site: CatalogueSite,
  page: CataloguePage,
  modifiedSince?: Date,
): Quad[] {
  const graph = new GraphBuilder()
  const catalog = namedNode(`${site.publicUrl}${CATALOGUE_PATH}`)
  graph.add(catalog, a, dcat('Catalog'))
  graph.add(catalog, dct('title'), dutch(site.catalogue.title))
  graph.add(catalog, dct('description'), dutch(site.catalogue.description))
  graph.add(catalog, dct('publisher'), publisher(graph, site))
  graph.add(catalog, dct('creator'), publisher(graph, site))
  graph.add(catalog, dcat('contactPoint'), contactPoint(graph, site))
  graph.add(catalog, dct('language'), language(graph))
  graph.add(catalog, foaf('homepage'), document(graph, site.publicUrl))
  graph.add(
    catalog,
    dcat('themeTaxonomy'),
    graph.once(EU.dataThemeScheme, (scheme) => {
      graph.add(scheme, a, skos('ConceptScheme'))
      graph.add(scheme, dct('title'), literal('Data theme', 'en'))
    }),
  )
  paging(graph, site, catalog, page, modifiedSince)
  for (const dataset of page.datasets) {
    graph.add(catalog, dcat('dataset'), datasetNode(graph, site, dataset))
  }
  return graph.quads
}
