import {
  API_PREFIX,
  BucketList,
  DocumentList,
  NO_VALUE_BUCKET,
  NameList,
  apiPaths,
  type ThemeDocumentsQuery,
} from '@dataportaal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiPrefix, apiRequest } from '../../shared/api/client.ts'
import { followingKeys } from '../../shared/following/api.ts'

export const THEME_PAGE_SIZE = 10

export const themeKeys = {
  published: ['theme', 'published'] as const,
  documents: (name: string, page: number) =>
    ['theme', apiPrefix(), name, 'documents', page] as const,
}

/**
 * The themes with their published documents and how many: always as a visitor sees them
 * (/pubapi), so an employee's own drafts do not count. 'Geen Thema' is left out: no theme.
 */
export function usePublishedThemes() {
  return useQuery({
    queryKey: themeKeys.published,
    queryFn: ({ signal }) =>
      apiRequest(BucketList, apiPaths.tagsAggregation, { signal, prefix: API_PREFIX.public }),
    select: (list) => list.Results.filter((bucket) => bucket.key !== NO_VALUE_BUCKET.tags),
  })
}

/** GET /tags/{name}/documents: on /pubapi for a visitor, on /api for an employee. */
export function useThemeDocuments(name: string, page: number) {
  return useQuery({
    queryKey: themeKeys.documents(name, page),
    // The page's subject: a server-rendered page of an unknown theme answers 404.
    meta: { subject: true },
    queryFn: ({ signal }) =>
      apiRequest(DocumentList, apiPaths.tagDocuments(name), {
        query: { offset: page, pageSize: THEME_PAGE_SIZE } satisfies ThemeDocumentsQuery,
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** GET /tags/{name}/followers: the colleagues who follow a theme (employees only). */
export function useThemeFollowers(name: string, enabled: boolean) {
  return useQuery({
    queryKey: followingKeys.followers(name),
    queryFn: ({ signal }) => apiRequest(NameList, apiPaths.tagFollowers(name), { signal }),
    enabled,
  })
}
