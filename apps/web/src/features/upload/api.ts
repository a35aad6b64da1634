import { TagList, UploadOptions, apiPaths } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'

export const uploadKeys = {
  options: ['upload', 'options'] as const,
  themes: ['upload', 'themes'] as const,
}

/** GET /documents/upload/options: content types, known sources, file types and limits. */
export function useUploadOptions() {
  return useQuery({
    queryKey: uploadKeys.options,
    queryFn: ({ signal }) => apiRequest(UploadOptions, apiPaths.uploadOptions, { signal }),
    staleTime: 5 * 60_000,
  })
}

/** GET /tags: the theme vocabulary to choose from, by name. */
export function useThemeNames() {
  return useQuery({
    queryKey: uploadKeys.themes,
    queryFn: ({ signal }) => apiRequest(TagList, apiPaths.tags, { signal }),
    select: (list) => list.Results.map((tag) => tag.name),
    staleTime: 5 * 60_000,
  })
}
