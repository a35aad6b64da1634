/**
 * What the web app's server bundle (apps/web/src/entry-server.tsx, built into
 * `<web dist>/ssr/entry-server.js`) offers the server, which loads it at run time.
 */

/** The id of the `<script type="application/json">` holding the page's data for hydration. */
export const SERVER_DATA_ID = 'portal-data'

/** The attribute on `#root` that says its content came from the server. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered'

/**
 * One call of the portal's own API, answered in the same process on behalf of the visitor
 * whose page is being rendered (the server keeps track of whose, not the bundle).
 */
export type ServerFetch = typeof fetch

export type RenderResult =
  | {
      kind: 'page'
      /** 200, or 404 for a page of a document or theme that is not there. */
      status: number
      /** The content of `#root`. */
      html: string
      /** Elements for `<head>`: title, feed links. */
      head: string
      /** JSON for the `SERVER_DATA_ID` script, already safe inside `<script>`. */
      data: string
    }
  /** Not a page the server renders (signed-in screens): the browser renders it. */
  | { kind: 'browser' }

/** Renders the page at `url` (path and query), as a visitor who has not signed in sees it. */
export type RenderPage = (url: string) => Promise<RenderResult>

/** The bundle's one export: given how to call the API, how to render a page. */
export type CreateRenderer = (fetch: ServerFetch) => RenderPage
