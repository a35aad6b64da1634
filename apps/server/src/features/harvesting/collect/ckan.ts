import {
  HarvestCollectError,
  type CollectedSource,
  type HarvestedDistribution,
  type HarvestedRecord,
} from '../record.ts'
import { boundRecord } from './bounds.ts'
import { fetchPage } from './fetch-page.ts'
import { count, type CollectLimits } from './limits.ts'
import type { PageReport } from './protocol.ts'

const ACTION = '/api/3/action/package_search'

/**
 * The package_search action of a CKAN site, from whichever address an admin entered: the
 * site, its API (`…/api/3`) or the action itself. Its query (a filter such as `fq`) stays.
 */
export function ckanActionUrl(source: string): { action: URL; site: string } {
  const url = new URL(source)
  url.hash = ''
  const path = url.pathname.replace(/\/+$/, '')
  const api = path.search(/\/api(\/|$)/)
  const site = `${url.origin}${api === -1 ? path : path.slice(0, api)}`
  url.pathname = `${site.slice(url.origin.length)}${ACTION}`
  return { action: url, site }
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A non-empty string, else null: CKAN leaves absent fields empty as often as it omits them. */
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : [])

const unique = (values: Array<string | null>) => [
  ...new Set(values.filter((value): value is string => value !== null)),
]

function sizeOf(value: unknown): number | null {
  const size = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : null
}

function distributionOf(resource: Json): HarvestedDistribution {
  return {
    title: text(resource.name) ?? text(resource.description),
    url: text(resource.url),
    format: text(resource.format),
    mediaType: text(resource.mimetype),
    size: sizeOf(resource.size),
  }
}

/** A field of ckanext-dcat's: on the package itself (scheming), else among its `extras`. */
const extra = (pkg: Json, key: string) =>
  text(pkg[key]) ?? text(list(pkg.extras).find((item) => item.key === key)?.value)

function recordOf(pkg: Json, site: string): HarvestedRecord {
  const name = text(pkg.name)
  const temporal = { start: extra(pkg, 'temporal_start'), end: extra(pkg, 'temporal_end') }
  return {
    identifier: text(pkg.id) ?? name ?? '',
    title: text(pkg.title),
    description: text(pkg.notes),
    keywords: unique(list(pkg.tags).map((tag) => text(tag.display_name) ?? text(tag.name))),
    themeIris: [],
    groups: unique(list(pkg.groups).map((group) => text(group.title) ?? text(group.name))),
    // The mapper knows CKAN's licence ids; a URL is the fallback for one it does not.
    licence: text(pkg.license_id) ?? text(pkg.license_url),
    modified: text(pkg.metadata_modified),
    issued: text(pkg.metadata_created),
    landingPage: name ? `${site}/dataset/${encodeURIComponent(name)}` : text(pkg.url),
    ...(temporal.start !== null || temporal.end !== null ? { temporal } : {}),
    spatial: extra(pkg, 'spatial_uri'),
    distributions: list(pkg.resources).map(distributionOf),
  }
}

/**
 * CKAN's error types (its `__type`) in the portal's words. The error's own message is not
 * shown: it is the source's text, and a report never repeats what another server said.
 */
const CKAN_ERRORS: Readonly<Record<string, string>> = {
  'Validation Error': 'de zoekvraag is ongeldig',
  'Search Query Error': 'de zoekvraag is ongeldig',
  'Search Error': 'het zoeken mislukte',
  'Authorization Error': 'geen toegang',
  'Not Found Error': 'niet gevonden',
  'Internal Server Error': 'een fout in de bron',
}

function ckanErrorOf(error: unknown): string {
  const type = isObject(error) ? text(error.__type) : null
  return (type && CKAN_ERRORS[type]) ?? 'een fout die de portal niet kent'
}

/** One page's answer: its packages and the total the search found. */
async function readPage(url: URL, n: number, limits: CollectLimits, source: URL) {
  const page = await fetchPage(url, n, 'application/json', limits, { source, errorBodies: true })
  let body: unknown
  try {
    body = JSON.parse(page.body)
  } catch {
    // An HTTP error without CKAN's JSON (a proxy's error page) says more than the parse error,
    // whose message would quote the page.
    throw new HarvestCollectError(
      page.status >= 400
        ? `Pagina ${n} kon niet worden opgehaald: HTTP ${page.status} (${url.href})`
        : `Pagina ${n} is geen geldige JSON (${url.href}).`,
    )
  }
  if (!isObject(body) || body.success !== true) {
    const reason = isObject(body) ? ckanErrorOf(body.error) : 'geen CKAN-antwoord'
    const status = page.status >= 400 ? `, HTTP ${page.status}` : ''
    throw new HarvestCollectError(`Pagina ${n} gaf een CKAN-fout: ${reason}${status} (${url.href})`)
  }
  const result = body.result
  if (!isObject(result) || !Array.isArray(result.results)) {
    throw new HarvestCollectError(
      `Pagina ${n} is geen antwoord van package_search: de resultaten ontbreken (${url.href}).`,
    )
  }
  const total = typeof result.count === 'number' && result.count >= 0 ? result.count : null
  return { packages: list(result.results), total }
}

/**
 * Reads a CKAN site's packages through package_search, `rows` at a time, until `start`
 * passes the count or a page comes back empty. Any page that fails fails the collection.
 */
export async function collectCkan(
  sourceUrl: string,
  limits: CollectLimits,
  report: PageReport,
): Promise<CollectedSource> {
  const { action, site } = ckanActionUrl(sourceUrl)
  const source = new URL(sourceUrl)
  const records: HarvestedRecord[] = []
  let expected: number | null = null
  let start = 0
  let n = 0
  for (;;) {
    if (n >= limits.maxPages) {
      throw new HarvestCollectError(`De bron heeft meer dan ${count(limits.maxPages)} pagina's.`)
    }
    n++
    const url = new URL(action)
    url.searchParams.set('rows', String(limits.ckanPageSize))
    url.searchParams.set('start', String(start))
    // CKAN sorts by relevance, then by last change: a package changed during the run would
    // move up and push another onto a page already read, which would then be withdrawn.
    // By id, pages stay put; a source's own `sort` is kept.
    if (!url.searchParams.has('sort')) url.searchParams.set('sort', 'id asc')
    const { packages, total } = await readPage(url, n, limits, source)
    expected = total ?? expected
    records.push(...packages.map((pkg) => boundRecord(recordOf(pkg, site))))
    if (records.length > limits.maxRecords) {
      throw new HarvestCollectError(`De bron heeft meer dan ${count(limits.maxRecords)} datasets.`)
    }
    report({ pages: n, records: records.length, expected })
    start += packages.length
    if (packages.length === 0 || (expected !== null && start >= expected)) break
  }
  return { records, pages: n, expected }
}
