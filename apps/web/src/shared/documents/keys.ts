import { apiPrefix } from '../api/client.ts'

/**
 * Query keys of what shows documents. Each list's hooks live in their feature; the keys are
 * here because other features change the documents and must mark those lists stale.
 */
export const documentKeys = {
  all: ['documents'] as const,
  detail: (id: string) => [...documentKeys.all, apiPrefix(), id] as const,
  /** A file's content as one preview reads it (the start of a CSV, a whole PDF…). */
  file: (url: string, purpose: string) =>
    [...documentKeys.all, apiPrefix(), 'file', url, purpose] as const,
}

export const ownDocumentsKeys = {
  all: ['own-documents'] as const,
  page: (page: number) => [...ownDocumentsKeys.all, page] as const,
}

export const favoriteKeys = {
  all: ['favorites'] as const,
  page: (page: number) => [...favoriteKeys.all, page] as const,
}

/** Every search: results, facets and the sort by rating depend on the documents' fields. */
export const searchRootKey = ['search'] as const

/** The themes with their counts on the home page. */
export const homeThemesKey = () => ['home', apiPrefix(), 'themes'] as const
