import type { DeletedDocument, RestoreResult } from '@dataportaal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../shared/api/client.ts'
import { documentHref } from '../../shared/routes.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { Pagination } from '../../shared/ui/Pagination.tsx'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import {
  MAX_PAGE,
  dropFromDeletedLists,
  pageCountOf,
  refreshAfterRestore,
  restoreDocument,
  useDeletedDocuments,
} from './api.ts'
import { DeletedItem } from './DeletedItem.tsx'
import { Notices, type Notice } from './Notices.tsx'
import { validationHref } from './paths.ts'
import { VALIDATION_TEXTS } from './texts.ts'
import { ValidationHeader } from './ValidationHeader.tsx'

const TEXTS = VALIDATION_TEXTS.deleted
const HEADING_ID = 'verwijderde-documenten'

/** The 'Verwijderd' list of /validatie: deleted documents an admin can still restore. */
export function DeletedDocuments({ page }: { page: number }) {
  const list = useDeletedDocuments(page)
  const { data } = list
  const queryClient = useQueryClient()
  const listHeading = useRef<HTMLHeadingElement>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  // The restored item is gone from the list: its button took the focus along, so give it a place.
  const [focusRequest, setFocusRequest] = useState(0)
  useEffect(() => {
    if (focusRequest > 0) listHeading.current?.focus()
  }, [focusRequest])

  const settle = (document: DeletedDocument) => {
    dropFromDeletedLists(queryClient, document.contentUID)
    refreshAfterRestore(queryClient)
    setFocusRequest((count) => count + 1)
  }

  const mutation = useMutation({
    mutationFn: (document: DeletedDocument): Promise<RestoreResult> =>
      restoreDocument(document.contentUID),
    onMutate: () => setNotice(null),
    onSuccess: (result, document) => {
      settle(document)
      setNotice({
        ok: true,
        text: (
          <>
            {TEXTS.restored[result.status](result.title)}{' '}
            <Link className="utrecht-link" to={documentHref(result.contentUID)}>
              {TEXTS.viewRestored}
            </Link>
          </>
        ),
      })
    },
    onError: (error, document) => {
      // Restored by another admin meanwhile, or past the retention: the list was out of date.
      if (error instanceof ApiError && error.status === 404) {
        settle(document)
        setNotice({ ok: false, text: TEXTS.gone })
      } else {
        setNotice({ ok: false, text: TEXTS.failed })
      }
    },
  })
  const busyId = mutation.isPending ? mutation.variables.contentUID : null
  const pages = data ? pageCountOf(data.Total) : 0

  return (
    <div className="portal-validation">
      <ValidationHeader current="verwijderd" />
      <Notices notice={notice} />

      <section aria-labelledby={HEADING_ID} aria-busy={list.isFetching}>
        <h2
          id={HEADING_ID}
          ref={listHeading}
          tabIndex={-1}
          className="utrecht-heading-2 portal-validation__list-heading"
        >
          {TEXTS.heading}
        </h2>
        <p className="utrecht-paragraph portal-validation__intro">{TEXTS.intro}</p>
        {list.isError ? (
          <ErrorState title={TEXTS.error}>
            <p className="utrecht-paragraph">{VALIDATION_TEXTS.errorHint}</p>
            <Button appearance="primary-action-button" onClick={() => void list.refetch()}>
              {VALIDATION_TEXTS.retry}
            </Button>
          </ErrorState>
        ) : !data ? (
          <LoadingState label={TEXTS.loading} />
        ) : data.Total === 0 ? (
          <p className="utrecht-paragraph portal-validation__count">{TEXTS.empty}</p>
        ) : data.Results.length === 0 ? (
          <p className="utrecht-paragraph">
            {VALIDATION_TEXTS.pageOutOfRange}{' '}
            <Link className="utrecht-link" to={validationHref('verwijderd')}>
              {VALIDATION_TEXTS.firstPage}
            </Link>
          </p>
        ) : (
          <>
            <p className="utrecht-paragraph portal-validation__count">
              {TEXTS.total(data.Total)}
              {pages > 1 && VALIDATION_TEXTS.pageOf(page, pages)}
            </p>
            <ol
              className={`portal-validation-list${list.isPlaceholderData ? ' portal-validation-list--stale' : ''}`}
              aria-label={TEXTS.listLabel}
            >
              {data.Results.map((document) => (
                <DeletedItem
                  key={document.contentUID}
                  document={document}
                  busy={busyId === document.contentUID}
                  onRestore={() => mutation.mutate(document)}
                />
              ))}
            </ol>
          </>
        )}
        {data && !list.isError && page <= pages && (
          <Pagination
            page={page}
            pageCount={Math.min(pages, MAX_PAGE)}
            hrefFor={(target) => validationHref('verwijderd', target)}
            onNavigate={() => listHeading.current?.focus()}
          />
        )}
      </section>
    </div>
  )
}
