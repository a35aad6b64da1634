import {
  DeletedDocumentList,
  RereadResult,
  RestoreResult,
  ValidationList,
  ValidationResult,
  apiPaths,
  type DeletedDocumentsQuery,
  type Disapproval,
  type DocumentStatus,
  type ValidationQuery,
} from '@dataportaal/contract'
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'
import { markStaleButConfig } from '../../shared/stale.ts'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'

export const VALIDATION_PAGE_SIZE = 10

export const validationKeys = {
  lists: ['validation', 'list'] as const,
  list: (status: DocumentStatus, page: number) => [...validationKeys.lists, status, page] as const,
  deletedLists: ['validation', 'deleted'] as const,
  deleted: (page: number) => [...validationKeys.deletedLists, page] as const,
}

/**
 * GET /documents/validate: one page of the documents in one status, newest first, each with
 * its description and files.
 */
export function useValidationList(status: DocumentStatus, page: number) {
  return useQuery({
    queryKey: validationKeys.list(status, page),
    queryFn: ({ signal }) =>
      apiRequest(ValidationList, apiPaths.validationList, {
        query: {
          status,
          offset: page,
          pageSize: VALIDATION_PAGE_SIZE,
        } satisfies ValidationQuery,
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/**
 * GET /documents/validate/{id}/approve. A GET as the spec has it, so it is only ever called
 * from a click; retrying it is safe, as the server answers a repeat with `changed: false`.
 */
export const approveDocument = (id: string) => apiRequest(ValidationResult, apiPaths.approve(id))

/** GET /documents/validate/{id}/disapprove with the category and the reason. */
export const disapproveDocument = (id: string, disapproval: Disapproval) =>
  apiRequest(ValidationResult, apiPaths.disapprove(id), { query: disapproval })

/**
 * POST /documents/{id}/files/{fileId}/reread: a file whose text could not be read is read
 * again. A repeat is harmless: the server answers 409, the file is being read already.
 */
export const rereadFile = (documentId: string, fileId: string) =>
  apiRequest(RereadResult, apiPaths.rereadFile(documentId, fileId), { method: 'POST' })

/** The file waits to be read again: so in the cached lists at once, before they are refetched. */
export function markFileRereading(queryClient: QueryClient, fileId: string) {
  queryClient.setQueriesData<ValidationList>({ queryKey: validationKeys.lists }, (list) => {
    if (!list?.Results.some((document) => document.files.some((file) => file.id === fileId))) {
      return list
    }
    return {
      ...list,
      Results: list.Results.map((document) => ({
        ...document,
        files: document.files.map((file) =>
          file.id === fileId
            ? { ...file, extractionStatus: 'pending' as const, extractionError: null }
            : file,
        ),
      })),
    }
  })
  void queryClient.invalidateQueries({ queryKey: validationKeys.lists })
}

/** A decided document leaves the cached open lists at once, before they are refetched. */
export function dropFromOpenLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<ValidationList>(
    { queryKey: [...validationKeys.lists, 'openstaand'] },
    (list) => {
      if (!list?.Results.some((document) => document.contentUID === id)) return list
      return {
        Results: list.Results.filter((document) => document.contentUID !== id),
        Total: Math.max(0, list.Total - 1),
      }
    },
  )
}

/**
 * After a decision: the lists and the badge count are fetched again; whatever else shows the
 * document (search, its page, own documents) is marked stale and fetched when next shown.
 */
export function refreshAfterDecision(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: validationKeys.lists })
  void queryClient.invalidateQueries({ queryKey: openCountQueryKey })
  markStaleButConfig(queryClient, [validationKeys.lists[0]])
}

/**
 * GET /documents/deleted: one page of the deleted documents an admin can still restore.
 * Always fetched anew when shown: a delete elsewhere (own documents, the document page)
 * does not know this list.
 */
export function useDeletedDocuments(page: number) {
  return useQuery({
    queryKey: validationKeys.deleted(page),
    queryFn: ({ signal }) =>
      apiRequest(DeletedDocumentList, apiPaths.deletedDocuments, {
        query: { offset: page, pageSize: VALIDATION_PAGE_SIZE } satisfies DeletedDocumentsQuery,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

/** POST /documents/{id}/restore: the document is back, in the status it had. */
export const restoreDocument = (id: string) =>
  apiRequest(RestoreResult, apiPaths.restore(id), { method: 'POST' })

/** A restored document leaves the cached deleted lists at once, before they are refetched. */
export function dropFromDeletedLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<DeletedDocumentList>(
    { queryKey: validationKeys.deletedLists },
    (list) => {
      if (!list?.Results.some((document) => document.contentUID === id)) return list
      return {
        Results: list.Results.filter((document) => document.contentUID !== id),
        Total: Math.max(0, list.Total - 1),
      }
    },
  )
}

/**
 * After a restore the document is back everywhere: the deleted lists, the status lists and
 * the badge count are fetched again, and whatever else shows documents is marked stale.
 */
export function refreshAfterRestore(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: validationKeys.deletedLists })
  refreshAfterDecision(queryClient)
}
