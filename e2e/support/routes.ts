import { API_PREFIX, apiPaths } from '@dataportaal/contract'

/** The web app's paths (spec section 2). Every journey takes its paths from here. */
export const ROUTES = {
  home: '/',
  searchPath: '/zoeken',
  /** What the search bar navigates to: `query`, then `offset=1`. */
  search: (query: string) => `/zoeken?${new URLSearchParams({ query, offset: '1' }).toString()}`,
  info: '/info',
  favorites: '/favorieten',
  myData: '/data',
  upload: '/document/upload',
  /** The edit screen: the document route's child 'edit'. */
  documentEdit: (contentUID: string) => `/documenten/${encodeURIComponent(contentUID)}/edit`,
  themes: '/thema',
  labels: '/tag',
  validation: '/validatie',
  dashboard: '/dashboard',
  /** Harvest sources and their runs (admins). */
  harvesting: '/harvesten',
  dataQuestion: '/datavraag',
  documentPrefix: '/documenten/',
  document: (contentUID: string) => `/documenten/${encodeURIComponent(contentUID)}`,
  /** Any other path goes home. */
  unknown: '/bestaat-niet/echt',
} as const

/** The server's public API, as the contract names it. */
export const API = {
  config: `${API_PREFIX.public}${apiPaths.config}`,
  search: (query: string) =>
    `${API_PREFIX.public}${apiPaths.search}?${new URLSearchParams({ query }).toString()}`,
  /** The Atom feed of new documents; a search's parameters follow. */
  documentsFeed: `${API_PREFIX.public}${apiPaths.documentsFeed}`,
  /** `/pubapi/complete/`; the typed text follows, URL-encoded. */
  completePrefix: `${API_PREFIX.public}${apiPaths.complete('')}`,
  document: (contentUID: string) => `${API_PREFIX.public}${apiPaths.document(contentUID)}`,
  documentHistory: (contentUID: string) =>
    `${API_PREFIX.public}${apiPaths.documentHistory(contentUID)}`,
} as const

/**
 * The signed-in API (`/api`), as the contract names it: for the employee journeys that
 * answer a call themselves (`page.route`) or check what the server holds.
 */
export const EMPLOYEE_API = {
  /** Every document's favourite call (PUT and DELETE), as a `page.route` pattern. */
  favoritePattern: `**${API_PREFIX.authenticated}${apiPaths.favorite('*')}`,
  labels: `${API_PREFIX.authenticated}${apiPaths.labels}`,
  approve: (contentUID: string) => `${API_PREFIX.authenticated}${apiPaths.approve(contentUID)}`,
  themeDocuments: (theme: string) =>
    `${API_PREFIX.authenticated}${apiPaths.tagDocuments(theme)}?pageSize=6`,
} as const
