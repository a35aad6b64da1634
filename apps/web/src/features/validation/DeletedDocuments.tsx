import type { DeletedDocument, RestoreResult } from '@dataportaal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../shared/api/client.ts'
import { documentHref } from '../../shared/routes.ts'
import {
  dropFromDeletedLists,
  refreshAfterRestore,
  restoreDocument,
  useDeletedDocuments,
} from './api.ts'
import { DeletedItem } from './DeletedItem.tsx'
import { Notices, type Notice } from './Notices.tsx'
import { PagedList } from './PagedList.tsx'
import { VALIDATION_TEXTS } from './texts.ts'
import { ValidationHeader } from './ValidationHeader.tsx'

const TEXTS = VALIDATION_TEXTS.deleted
const HEADING_ID = 'verwijderde-documenten'

/** The 'Verwijderd' list of /validatie: deleted documents an admin can still restore. */
export function DeletedDocuments({ page }: { page: number }) {
  const list = useDeletedDocuments(page)
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
        <PagedList
          list={list}
          view="verwijderd"
          page={page}
          texts={TEXTS}
          onNavigate={() => listHeading.current?.focus()}
        >
          {(document) => (
            <DeletedItem
              key={document.contentUID}
              document={document}
              busy={busyId === document.contentUID}
              onRestore={() => mutation.mutate(document)}
            />
          )}
        </PagedList>
      </section>
    </div>
  )
}
