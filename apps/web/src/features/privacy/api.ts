import {
  DocumentPrivacy,
  PublishedWithFindingsList,
  apiPaths,
  type PrivacyOwnerNote,
  type PrivacyReviewRequest,
  type PublishedWithFindingsQuery,
} from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'

export const privacyKeys = {
  published: ['privacy', 'published'] as const,
}

/** How often a document or list whose check is still running is asked again. */
export const PENDING_POLL_MS = 2_000

/** How many of the admins' list /validatie shows; the rest is counted. */
export const PUBLISHED_PAGE_SIZE = 20

/** POST /documents/{id}/privacy-review: the admin's judgements; answers the check after them. */
export const reviewPrivacy = (documentId: string, review: PrivacyReviewRequest) =>
  apiRequest(DocumentPrivacy, apiPaths.privacyReview(documentId), { method: 'POST', json: review })

/** POST …/privacy-findings/{findingId}/owner-note: the owner's 'geen persoonsgegeven'. */
export const noteFinding = (documentId: string, findingId: string, note: PrivacyOwnerNote) =>
  apiRequest(DocumentPrivacy, apiPaths.privacyOwnerNote(documentId, findingId), {
    method: 'POST',
    json: note,
  })

/** GET /documents/privacy/published: published documents with unjudged findings (admins). */
export function usePublishedWithFindings() {
  return useQuery({
    queryKey: privacyKeys.published,
    queryFn: ({ signal }) =>
      apiRequest(PublishedWithFindingsList, apiPaths.privacyPublished, {
        query: { offset: 1, pageSize: PUBLISHED_PAGE_SIZE } satisfies PublishedWithFindingsQuery,
        signal,
      }),
    staleTime: 0,
  })
}
