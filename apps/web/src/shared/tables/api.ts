import { RowsPage, TableInfo, apiPaths } from '@dataportaal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiPrefix, apiRequest, type QueryParams } from '../api/client.ts'

/** While a table waits for the loader or is being loaded, its status is asked again this often. */
export const TABLE_POLL_MS = 3_000

/** Query keys of the Data API; the prefix is part of them, as visitors and employees see differently. */
export const tableKeys = {
  all: ['tables'] as const,
  file: (documentId: string, fileId: string) =>
    [...tableKeys.all, apiPrefix(), documentId, fileId] as const,
  info: (documentId: string, fileId: string, sheet: string | null) =>
    [...tableKeys.file(documentId, fileId), 'info', sheet] as const,
  rows: (documentId: string, fileId: string, query: unknown) =>
    [...tableKeys.file(documentId, fileId), 'rows', query] as const,
}

const isLoading = (info: TableInfo | undefined) =>
  info?.loadStatus === 'wachtend' || info?.loadStatus === 'bezig'

/**
 * GET …/files/{fileId}/table: status, Table Schema and quality report. Asked again every few
 * seconds until the loader is done, so a page opened right after an upload fills in by itself.
 */
export function useTableInfo(documentId: string, fileId: string, sheet: string | null) {
  return useQuery({
    queryKey: tableKeys.info(documentId, fileId, sheet),
    queryFn: ({ signal }) =>
      apiRequest(TableInfo, apiPaths.fileTable(documentId, fileId), {
        query: { sheet },
        signal,
      }),
    refetchInterval: (query) => (isLoading(query.state.data) ? TABLE_POLL_MS : false),
  })
}

/**
 * GET …/files/{fileId}/rows for one page of the filtered, sorted table. The previous page stays
 * on screen while the next one comes, so the table does not jump.
 */
export function useTableRows(
  documentId: string,
  fileId: string,
  query: QueryParams,
  enabled: boolean,
) {
  return useQuery({
    queryKey: tableKeys.rows(documentId, fileId, query),
    queryFn: ({ signal }) =>
      apiRequest(RowsPage, apiPaths.fileRows(documentId, fileId), { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  })
}
