import type { DocumentDetail } from '@dataportaal/contract'
import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * What every cached form of a document has in common: the detail, a search result, a
 * summary in a list (own documents, favourites, validation, home). The employee's actions
 * (favourite, rating, themes and labels) change these fields.
 */
export type CachedDocument = Pick<
  DocumentDetail,
  'contentUID' | 'themes' | 'labels' | 'averageRating' | 'ratingCount' | 'contentUserUse'
>

export type UserUse = NonNullable<DocumentDetail['contentUserUse']>

/** The user's use of a document; a list without it means nothing was done with it yet. */
export const userUseOf = (document: CachedDocument): UserUse =>
  document.contentUserUse ?? { favorited: false, rating: null }

export type DocumentChange = (document: CachedDocument) => Partial<CachedDocument>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const isCachedDocument = (value: unknown): value is CachedDocument =>
  isRecord(value) && typeof value.contentUID === 'string' && typeof value.ratingCount === 'number'

/** The document as one query holds it: its data itself, or an item of its `Results`. */
function findIn(data: unknown, contentUID: string): CachedDocument | undefined {
  if (isCachedDocument(data)) return data.contentUID === contentUID ? data : undefined
  if (isRecord(data) && Array.isArray(data.Results)) {
    return data.Results.find(
      (item): item is CachedDocument => isCachedDocument(item) && item.contentUID === contentUID,
    )
  }
  return undefined
}

/** The query's data with the document changed; the same object when it does not hold it. */
function patchIn(data: unknown, contentUID: string, change: DocumentChange): unknown {
  if (isCachedDocument(data)) {
    return data.contentUID === contentUID ? { ...data, ...change(data) } : data
  }
  if (isRecord(data) && Array.isArray(data.Results) && findIn(data, contentUID)) {
    return {
      ...data,
      Results: data.Results.map((item: unknown) =>
        isCachedDocument(item) && item.contentUID === contentUID
          ? { ...item, ...change(item) }
          : item,
      ),
    }
  }
  return data
}

/**
 * Changes a document wherever the cache holds it. Screens keep their own query keys (search,
 * detail, favourites, own documents…); the document is recognised by its shape and id, so a
 * new list is covered without this module knowing its key.
 */
export function patchCachedDocument(
  client: QueryClient,
  contentUID: string,
  change: DocumentChange,
) {
  for (const query of client.getQueryCache().findAll()) {
    const data: unknown = query.state.data
    const next = patchIn(data, contentUID, change)
    if (next !== data) client.setQueryData(query.queryKey, next)
  }
}

/** What an optimistic change needs to be undone, and which fetches it interrupted. */
export interface OptimisticUpdate {
  before: { queryKey: QueryKey; document: CachedDocument }[]
  interrupted: QueryKey[]
}

/**
 * An optimistic change (TanStack Query's onMutate): a fetch in flight would overwrite it with
 * the old state, so it is cancelled first; the document as each query held it is kept for
 * `revertOptimisticUpdate`.
 */
export async function applyOptimisticUpdate(
  client: QueryClient,
  contentUID: string,
  change: DocumentChange,
): Promise<OptimisticUpdate> {
  const holding = () =>
    client
      .getQueryCache()
      .findAll({ predicate: (query) => findIn(query.state.data, contentUID) !== undefined })
  const interrupted = holding()
    .filter((query) => query.state.fetchStatus === 'fetching')
    .map((query) => query.queryKey)
  await Promise.all(interrupted.map((queryKey) => client.cancelQueries({ queryKey, exact: true })))
  const before = holding().flatMap((query) => {
    const document = findIn(query.state.data, contentUID)
    return document ? [{ queryKey: query.queryKey, document }] : []
  })
  patchCachedDocument(client, contentUID, change)
  return { before, interrupted }
}

/**
 * Undoes an optimistic change (onError). Only the fields `restore` names go back, per query,
 * so another change made meanwhile (a rating while a favourite was pending) stays.
 */
export function revertOptimisticUpdate(
  client: QueryClient,
  contentUID: string,
  update: OptimisticUpdate | undefined,
  restore: (current: CachedDocument, before: CachedDocument) => Partial<CachedDocument>,
) {
  for (const { queryKey, document } of update?.before ?? []) {
    const data: unknown = client.getQueryData(queryKey)
    const next = patchIn(data, contentUID, (current) => restore(current, document))
    if (next !== data) client.setQueryData(queryKey, next)
  }
}

/** Fetches again what the optimistic change cancelled (onSettled). */
export function refetchInterrupted(client: QueryClient, update: OptimisticUpdate | undefined) {
  for (const queryKey of update?.interrupted ?? []) {
    void client.invalidateQueries({ queryKey, exact: true })
  }
}
