import type { DocumentStatus } from '@dataportaal/contract'
import {
  DEFAULT_FACETS,
  EMPTY_SEARCH_STATE,
  type FacetName,
  type SearchState,
} from './search-state.ts'

/**
 * Every screen's path, in one place: app/router.tsx declares them, features link to them
 * (spec section 2).
 */
export const HOME_PATH = '/'
export const SEARCH_PATH = '/zoeken'
export const FAVORITES_PATH = '/favorieten'
export const DOCUMENT_PATH = '/documenten/:contentId'
/** A child of DOCUMENT_PATH. */
export const DOCUMENT_EDIT_SEGMENT = 'edit'
export const VALIDATION_PATH = '/validatie'
export const MY_DATA_PATH = '/data'
export const INFO_PATH = '/info'
export const DATA_QUESTION_PATH = '/datavraag'
export const UPLOAD_PATH = '/document/upload'
export const DASHBOARD_PATH = '/dashboard'
/** The public theme pages: every theme, and one theme's documents. */
export const THEMES_PATH = '/themas'
export const THEME_PATH = '/themas/:name'
/** The admins' vocabulary screens: themes ("tags" in the spec) and labels. */
export const THEMES_ADMIN_PATH = '/thema'
export const LABELS_ADMIN_PATH = '/tag'
/** The admins' screen of harvest sources and their runs. */
export const HARVEST_ADMIN_PATH = '/harvesten'
/** The landing pages of the links in subscription mails (the contract's SUBSCRIPTION_PAGES). */
export const SUBSCRIPTION_CONFIRM_PATH = '/volgen/bevestigen'
export const SUBSCRIPTION_UNSUBSCRIBE_PATH = '/volgen/afmelden'
export const SUBSCRIPTION_MANAGE_PATH = '/volgen/beheren'

/** The path of a page after the first, as a path segment: /favorieten/2, /data/3. */
export const pagedPath = (path: string) => `${path}/:page`

export const documentHref = (contentUID: string) =>
  DOCUMENT_PATH.replace(':contentId', () => encodeURIComponent(contentUID))

/** A theme's page; pages after the first in the query (`offset`), as on /zoeken. */
export function themeHref(name: string, page = 1): string {
  const path = THEME_PATH.replace(':name', () => encodeURIComponent(name))
  return page > 1 ? `${path}?offset=${page}` : path
}

export const documentEditHref = (contentUID: string) =>
  `${documentHref(contentUID)}/${DOCUMENT_EDIT_SEGMENT}`

/** The query flags of spec section 2 that tell /data (and the document page) what just happened. */
export const RESULT_FLAGS = {
  upload: 'successfulUpload',
  edit: 'editSuccess',
  delete: 'deleteSuccess',
} as const
export type ResultFlag = (typeof RESULT_FLAGS)[keyof typeof RESULT_FLAGS]

/** /data for page 1, /data/{page} after it; optionally with one result flag. */
export function myDataHref(page = 1, flag?: { name: ResultFlag; value: boolean }): string {
  const path = page > 1 ? `${MY_DATA_PATH}/${page}` : MY_DATA_PATH
  return flag ? `${path}?${flag.name}=${String(flag.value)}` : path
}

/** The favourites screen: page 1 at /favorieten, further pages as a path segment (spec section 2). */
export const favoritesHref = (page = 1) => (page > 1 ? `${FAVORITES_PATH}/${page}` : FAVORITES_PATH)

/** The lists of /validatie: one per status, and the deleted documents an admin can restore. */
export type ValidationView = DocumentStatus | 'verwijderd'

/** /validatie for the open list's first page; other lists and pages in the query. */
export function validationHref(view: ValidationView = 'openstaand', page = 1): string {
  const params = new URLSearchParams()
  if (view !== 'openstaand' || page > 1) params.set('status', view)
  if (page > 1) params.set('offset', String(page))
  const query = params.toString()
  return query ? `${VALIDATION_PATH}?${query}` : VALIDATION_PATH
}

const sameFacets = (facets: readonly FacetName[]) =>
  facets.length === DEFAULT_FACETS.length && DEFAULT_FACETS.every((name) => facets.includes(name))

/** A link to /zoeken; `offset` is always present, as the spec's search navigation has it. */
export function searchHref(changes: Partial<SearchState> = {}): string {
  return `${SEARCH_PATH}?${searchParams(changes).toString()}`
}

/** The /zoeken URL's parameters; a plain HTML form carries the same names (hidden fields). */
export function searchParams(changes: Partial<SearchState> = {}): URLSearchParams {
  const state = { ...EMPTY_SEARCH_STATE, ...changes }
  const params = new URLSearchParams()
  if (state.query) params.set('query', state.query)
  params.set('offset', String(state.offset))
  if (state.sort !== 'relevance') params.set('sort', state.sort)
  for (const name of ['categoryType', 'tags', 'labels', 'source', 'wooCategory'] as const) {
    for (const value of state[name]) params.append(name, value)
  }
  if (state.minRating) params.set('minRating', String(state.minRating))
  if (state.dateFrom) params.set('dateFrom', state.dateFrom)
  if (state.dateTo) params.set('dateTo', state.dateTo)
  if (!sameFacets(state.facets)) params.set('facets', state.facets.join(','))
  return params
}
