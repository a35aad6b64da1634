import type { CreateRenderer, RenderResult } from '@dataportaal/contract'
import type { Query, QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
} from 'react-router'
import { ServerRenderedPortal } from './app/App.tsx'
import { isServerRendered, routes } from './app/router.tsx'
import { serializeServerData } from './app/server-data.ts'
import { isNotFound, setFetchSource } from './shared/api/client.ts'
import { createQueryClient } from './shared/api/query-client.ts'
import { activeAuthSession } from './shared/auth/session.ts'
import { ServerHeadContext, type ServerHead } from './shared/server-head.ts'

/**
 * The public pages rendered on the server, from the same components the browser then
 * hydrates (apps/server/src/http/server-render.ts loads this bundle). A page is rendered
 * until every call it makes has answered: each render shows which calls the page needs
 * (its queries), they are made, and the next render uses their answers. A call that needs
 * an answer of another (a table's rows after the document) takes one more round.
 */
const MAX_RENDERS = 4

/** The elements React hoists out of a page rendered to a string: they lead it. */
const HOISTED = /^(?:<(?:link|meta)\b[^>]*>)+/

/** Any origin: the static handler only needs a whole URL to match the path against. */
const BASE = 'http://portal.invalid'

export const createRenderer: CreateRenderer = (serverFetch) => {
  setFetchSource(() => serverFetch)
  const handler = createStaticHandler(routes)

  return async (url: string): Promise<RenderResult> => {
    const context = await handler.query(new Request(new URL(url, BASE)))
    // A Response would be a loader's redirect or error: the portal's routes have none.
    if (context instanceof Response) return { kind: 'browser' }
    if (!isServerRendered(context.matches.map((match) => match.route))) return { kind: 'browser' }

    const queryClient = createQueryClient({ retryOnMount: false })
    let title: string | null = null
    const head: ServerHead = { setTitle: (pageTitle) => (title = pageTitle) }
    const render = () => renderToString(<ServerPage {...{ context, queryClient, head }} />)
    let html = render()
    for (let rendered = 1; rendered < MAX_RENDERS; rendered++) {
      const waiting = queriesToAnswer(queryClient)
      if (waiting.length === 0) break
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)))
      html = render()
    }
    // React puts what belongs in <head> (feed links, preloads) first; the browser's React
    // finds it there when it hydrates.
    const hoisted = HOISTED.exec(html)?.[0] ?? ''
    const titleElement = title === null ? '' : renderToString(<title>{title}</title>)
    return {
      kind: 'page',
      status: isMissingPage(queryClient) ? 404 : 200,
      html: html.slice(hoisted.length),
      head: titleElement + hoisted,
      data: serializeServerData(queryClient),
    }
  }

  function ServerPage(props: {
    context: StaticHandlerContext
    queryClient: QueryClient
    head: ServerHead
  }) {
    const router = createStaticRouter(handler.dataRoutes, props.context)
    return (
      <StrictMode>
        <ServerHeadContext value={props.head}>
          <ServerRenderedPortal queryClient={props.queryClient} session={activeAuthSession()}>
            <StaticRouterProvider router={router} context={props.context} hydrate={false} />
          </ServerRenderedPortal>
        </ServerHeadContext>
      </StrictMode>
    )
  }
}

/**
 * Queries the last render asked for that have no answer yet, leaving out those it turned
 * off and those only the browser makes (`meta: { browserOnly: true }`: a file's content,
 * which would be megabytes in the page): the page shows them loading, as the browser's
 * first render does.
 */
function queriesToAnswer(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      const turnedOff = 'enabled' in query.options && query.options.enabled === false
      const browserOnly = query.meta?.['browserOnly'] === true
      return query.state.status === 'pending' && !turnedOff && !browserOnly
    })
}

/**
 * The page's own subject is not there (a document or theme): its query says it is the
 * page's subject with `meta: { subject: true }`.
 */
function isMissingPage(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.meta?.['subject'] === true && isNotFound(query.state.error))
}
