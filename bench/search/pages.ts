/**
 * The server-rendered search page (issue 33): the workload's searches asked as a visitor's
 * browser asks for `/zoeken`, of an app whose WEB_DIST_DIR holds a web build, so the server
 * renders each page (apps/server/src/http/server-render.ts) with its own /pubapi/search
 * answer. The same searches are asked of the API on the same instance, right before, so the
 * page's time above the API's is what rendering adds.
 */
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { stats, type Stats } from '../shared/stats.ts'
import { CONCURRENCY, LoadClient, measure, type Pass } from './load-client.ts'
import type { SearchCase } from './queries.ts'

/** Passes over the pages at one client before measuring: the render code gets compiled. */
const PAGE_WARM_UP_PASSES = 3

/** Any origin: only the path and query of these URLs are read. */
const BASE = 'http://portal.invalid'

/**
 * The web app's own code that turns a search state into its page URL and its API call
 * (apps/web/src: features/search/search-url.ts, shared/routes.ts, shared/api/client.ts).
 * Loaded at run time: it is written for the browser (DOM types, which the bench's type
 * check leaves out, as they clash with the server's Node types), and type-checked there.
 */
interface WebSearchUrls {
  /** A search state (opaque here) from a page URL's parameters. */
  readSearchState(params: URLSearchParams): object
  /** The API's parameters for a state. */
  toApiQuery(state: object): object
  /** `/zoeken?...` for a state, as the app links to it. */
  searchHref(state: object): string
  apiUrl(path: string, query: object, prefix: string): string
}

async function loadWebSearchUrls(): Promise<WebSearchUrls> {
  const web = (file: string) => new URL(`../../apps/web/src/${file}`, import.meta.url).href
  const [searchUrl, routes, client] = (await Promise.all([
    import(web('features/search/search-url.ts')),
    import(web('shared/routes.ts')),
    import(web('shared/api/client.ts')),
  ])) as [
    Pick<WebSearchUrls, 'readSearchState' | 'toApiQuery'>,
    Pick<WebSearchUrls, 'searchHref'>,
    Pick<WebSearchUrls, 'apiUrl'>,
  ]
  return { ...searchUrl, ...routes, ...client }
}

/** A workload search as a page, and the API path it is compared with. */
export interface PageCase {
  /** Its index in the workload. */
  index: number
  /** `/zoeken?...` as the web app links to it. */
  page: string
  /** The workload's own API path (what the cold passes ask). */
  api: string
}

/** The path with its parameters sorted, and the API's default page (`offset=1`) written out. */
function canonical(apiPath: string): string {
  const url = new URL(apiPath, BASE)
  if (!url.searchParams.has('offset')) url.searchParams.set('offset', '1')
  url.searchParams.sort()
  return `${url.pathname}?${url.searchParams.toString()}`
}

/**
 * Each search as the web app's URL (its search state from the API's parameters, written
 * by `searchHref`), kept only when the page asks the API exactly that search: the state the
 * page reads from its URL, through `toApiQuery`, is the workload's path. A search the app
 * cannot ask (`pageSize`: every page has the server's default) is left out.
 */
export async function pageCases(search: readonly SearchCase[]) {
  const { readSearchState, toApiQuery, searchHref, apiUrl } = await loadWebSearchUrls()
  const cases: PageCase[] = []
  const leftOut: SearchCase[] = []
  search.forEach((c, index) => {
    const page = searchHref(readSearchState(new URL(c.path, BASE).searchParams))
    const asked = apiUrl(
      apiPaths.search,
      toApiQuery(readSearchState(new URL(page, BASE).searchParams)),
      API_PREFIX.public,
    )
    if (canonical(asked) === canonical(c.path)) cases.push({ index, page, api: c.path })
    else leftOut.push(c)
  })
  return { cases, leftOut }
}

export type PassStats = Stats & { throughput: number; errors: number }

export interface PageFigures {
  /** Workload searches asked as pages. */
  searches: number
  /** Labels of the workload's searches the web app cannot ask. */
  leftOut: string[]
  rounds: number
  /** Per concurrency: the pages, and the same searches of the API on the same instance. */
  page: Record<number, PassStats>
  api: Record<number, PassStats>
  /**
   * Per concurrency, the page's time above its API search's, per search and round (the
   * median of those differences, not the difference of the medians).
   */
  rendering: Record<number, Stats>
  /** A few failed answers, to see what went wrong. */
  errors: Array<{ path: string; concurrency: number; error: string }>
}

const passStats = (pass: Pass): PassStats => ({
  ...stats(pass.ms.flat()),
  throughput: pass.throughput,
  errors: pass.errors,
})

/**
 * Warms the instance up on the pages, then at every concurrency sends the searches to the
 * API and then as pages, `rounds` times each. Every page must be HTTP 200 HTML rendered on
 * the server (`data-server-rendered`), or the sample counts as an error.
 */
export async function measurePages(
  baseUrl: string,
  cases: readonly PageCase[],
  leftOut: readonly SearchCase[],
  rounds: number,
  log: (line: string) => void,
): Promise<PageFigures> {
  const pagePaths = cases.map((c) => c.page)
  const apiPaths = cases.map((c) => c.api)
  const figures: PageFigures = {
    searches: cases.length,
    leftOut: leftOut.map((c) => c.label),
    rounds,
    page: {},
    api: {},
    rendering: {},
    errors: [],
  }
  const client = new LoadClient()
  try {
    log('Warming up the pages ...')
    for (let pass = 0; pass < PAGE_WARM_UP_PASSES; pass++) {
      await measure(client, baseUrl, 'search', apiPaths, 1, 1, false)
      const warmUp = await measure(client, baseUrl, 'page', pagePaths, 1, 1, false)
      const failed = warmUp.samples.find((s) => s.error)
      // Fail early and loudly: a page that is not rendered on the server measures nothing.
      if (failed) throw new Error(`${pagePaths[failed.index]}: ${failed.error}`)
    }
    for (const concurrency of CONCURRENCY) {
      log(`Measuring /zoeken pages and their /pubapi/search at ${concurrency} client(s) ...`)
      const api = await measure(client, baseUrl, 'search', apiPaths, concurrency, rounds, false)
      const page = await measure(client, baseUrl, 'page', pagePaths, concurrency, rounds, false)
      figures.api[concurrency] = passStats(api)
      figures.page[concurrency] = passStats(page)
      figures.rendering[concurrency] = stats(
        page.ms.flatMap((times, i) => times.map((ms, round) => ms - api.ms[i]![round]!)),
      )
      for (const pass of [api, page]) {
        const paths = pass === api ? apiPaths : pagePaths
        for (const sample of pass.samples.filter((s) => s.error).slice(0, 5)) {
          figures.errors.push({ path: paths[sample.index]!, concurrency, error: sample.error! })
        }
      }
    }
  } finally {
    client.close()
  }
  return figures
}
