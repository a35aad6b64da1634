import {
  DocumentStatus,
  PRIVACY_APPROVAL_MESSAGES,
  VALIDATION_RETURN_DELAY_MS,
  type Disapproval,
  type DocumentFile,
  type DocumentForValidation,
  type ValidationResult,
} from '@dataportaal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../shared/api/client.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { pageFromParam } from '../../shared/pagination/page-count.ts'
import { SignedInOnly } from '../../shared/auth/SignedInOnly.tsx'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import {
  approveDocument,
  disapproveDocument,
  dropFromOpenLists,
  markFileRereading,
  refreshAfterDecision,
  rereadFile,
  useValidationList,
  validationKeys,
} from './api.ts'
import { DeletedDocuments } from './DeletedDocuments.tsx'
import { DisapproveDialog } from './DisapproveDialog.tsx'
import { LinksAndFiles } from './LinksAndFiles.tsx'
import { Notices, type Notice } from './Notices.tsx'
import { PagedList } from './PagedList.tsx'
import { VALIDATION_PATH, type ValidationView } from '../../shared/routes.ts'
import { VALIDATION_TEXTS as TEXTS } from './texts.ts'
import { ValidationHeader } from './ValidationHeader.tsx'
import { ValidationItem } from './ValidationItem.tsx'
import './validation.css'

/** The list and page in the URL; anything unknown falls back to the open list, page 1. */
function readState(params: URLSearchParams): { view: ValidationView; page: number } {
  const requested = params.get('status')
  const view =
    requested === 'verwijderd'
      ? requested
      : (DocumentStatus.safeParse(requested).data ?? 'openstaand')
  return { view, page: pageFromParam(params.get('offset')) }
}

/** What other features add to /validatie (app/ValidationScreen.tsx), so it depends on none. */
export interface ValidationSlots {
  /** Above the open list (the admins' list of published documents with personal data). */
  top?: ReactNode
  /** Under a document's files (its personal-data check, with the review form). */
  item?: (
    document: DocumentForValidation,
    actions: { disapprove: (reason: string) => void; refresh: () => void },
  ) => ReactNode
}

/** 409s of the personal-data check: the document stays open, nobody decided it. */
const PRIVACY_REFUSALS: readonly string[] = Object.values(PRIVACY_APPROVAL_MESSAGES)

/**
 * /validatie: admins approve or disapprove uploaded documents (spec sections 2 and 4), and
 * restore deleted ones (decisions.md, Deleting and restoring).
 */
export function ValidationPage({ slots = {} }: { slots?: ValidationSlots }) {
  const { authenticated, isAdmin } = useAuth()
  const { view, page } = readState(useSearchParams()[0])
  const allowed = authenticated && isAdmin
  usePageTitle(TEXTS.heading + (allowed && page > 1 ? TEXTS.pageSuffix(page) : ''))
  if (!allowed)
    return <SignedInOnly title={TEXTS.heading} audience="admin" purpose={TEXTS.purpose} />
  if (view === 'verwijderd') return <DeletedDocuments page={page} />
  return <Validation status={view} page={page} slots={slots} />
}

type Decision = { status: 'goedgekeurd' } | ({ status: 'afgekeurd' } & Disapproval)
interface DecisionRequest {
  document: DocumentForValidation
  decision: Decision
}

function Validation({
  status,
  page,
  slots,
}: {
  status: DocumentStatus
  page: number
  slots: ValidationSlots
}) {
  const list = useValidationList(status, page)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const heading = useRef<HTMLHeadingElement>(null)
  const focusHeading = useCallback(() => heading.current?.focus(), [])
  const [notice, setNotice] = useState<Notice | null>(null)
  const [disapproving, setDisapproving] = useState<DocumentForValidation | null>(null)
  const [disapprovalReason, setDisapprovalReason] = useState<string | undefined>()
  const returnTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(returnTimer.current), [])
  // The decided item is gone (and the dialog closed, whose effect runs first): focus the heading.
  const [focusRequest, setFocusRequest] = useState(0)
  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus()
  }, [focusRequest])

  const settle = (document: DocumentForValidation) => {
    dropFromOpenLists(queryClient, document.contentUID)
    refreshAfterDecision(queryClient)
    setDisapproving(null)
    setFocusRequest((count) => count + 1)
  }

  const mutation = useMutation({
    mutationFn: ({ document, decision }: DecisionRequest): Promise<ValidationResult> =>
      decision.status === 'goedgekeurd'
        ? approveDocument(document.contentUID)
        : disapproveDocument(document.contentUID, {
            statusCategory: decision.statusCategory,
            statusDescription: decision.statusDescription,
          }),
    onMutate: () => {
      window.clearTimeout(returnTimer.current)
      setNotice(null)
    },
    onSuccess: (result, { document }) => {
      settle(document)
      setNotice({
        ok: true,
        text: !result.changed
          ? TEXTS.alreadyDone(document.title, TEXTS.outcome[result.status])
          : result.status === 'goedgekeurd'
            ? TEXTS.approved(document.title)
            : TEXTS.disapproved(document.title),
      })
      returnTimer.current = window.setTimeout(
        () => void navigate(VALIDATION_PATH),
        VALIDATION_RETURN_DELAY_MS,
      )
    },
    onError: (error, { document }) => {
      // The personal-data check holds the approval: the document stays, shown as it is now.
      if (error instanceof ApiError && PRIVACY_REFUSALS.includes(error.problem?.detail ?? '')) {
        void queryClient.invalidateQueries({ queryKey: validationKeys.lists })
        setNotice({ ok: false, text: error.problem?.detail ?? TEXTS.failed })
        return
      }
      // Four eyes: the list said the admin may decide, but an edit since made them its last editor.
      if (error instanceof ApiError && error.status === 403 && error.problem?.detail) {
        refreshAfterDecision(queryClient)
        setDisapproving(null)
        setNotice({ ok: false, text: error.problem.detail })
        return
      }
      // Someone else decided first, or the document is gone: say so, and show the lists as they are.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        settle(document)
        setNotice({
          ok: false,
          text:
            error.status === 404
              ? TEXTS.gone
              : `${error.problem?.detail ?? TEXTS.failed} ${TEXTS.listRefreshed}`,
        })
      } else if (!disapproving) {
        setNotice({ ok: false, text: TEXTS.failed })
      }
    },
  })
  const busyId = mutation.isPending ? mutation.variables.document.contentUID : null

  // The file's button goes once it is queued (or found queued already): focus the heading.
  const reread = useMutation({
    mutationFn: ({ document, file }: { document: DocumentForValidation; file: DocumentFile }) =>
      rereadFile(document.contentUID, file.id),
    onMutate: () => setNotice(null),
    onSuccess: (result) => {
      markFileRereading(queryClient, result.fileId)
      setFocusRequest((count) => count + 1)
      setNotice({ ok: true, text: TEXTS.reread.started(result.fileName) })
    },
    onError: (error) => {
      // Being read already, or gone: say so, and show the lists as they are.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: validationKeys.lists })
        setFocusRequest((count) => count + 1)
        setNotice({
          ok: false,
          text: `${error.problem?.detail ?? TEXTS.reread.failed} ${TEXTS.listRefreshed}`,
        })
      } else {
        setNotice({ ok: false, text: TEXTS.reread.failed })
      }
    },
  })

  return (
    <div className="portal-validation">
      <ValidationHeader ref={heading} current={status} />
      <Notices notice={notice} />
      {status === 'openstaand' && slots.top}

      <div aria-busy={list.isFetching}>
        <PagedList
          list={list}
          view={status}
          page={page}
          texts={{
            error: TEXTS.error,
            loading: TEXTS.loading,
            empty: TEXTS.empty[status],
            total: TEXTS.total[status],
            listLabel: TEXTS.listLabel[status],
          }}
          onNavigate={focusHeading}
        >
          {(document) => (
            <ValidationItem
              key={document.contentUID}
              document={document}
              busy={busyId === document.contentUID}
              reread={{
                fileId: reread.isPending ? reread.variables.file.id : null,
                start: (file) => reread.mutate({ document, file }),
              }}
              onApprove={() => mutation.mutate({ document, decision: { status: 'goedgekeurd' } })}
              onDisapprove={() => {
                mutation.reset()
                setDisapprovalReason(undefined)
                setDisapproving(document)
              }}
              extra={slots.item?.(document, {
                disapprove: (reason) => {
                  mutation.reset()
                  setDisapprovalReason(reason)
                  setDisapproving(document)
                },
                refresh: () =>
                  void queryClient.invalidateQueries({ queryKey: validationKeys.lists }),
              })}
            />
          )}
        </PagedList>
      </div>
      <LinksAndFiles />

      <DisapproveDialog
        document={disapproving}
        initialReason={disapprovalReason}
        busy={mutation.isPending}
        failed={mutation.isError && disapproving !== null}
        onConfirm={(disapproval) => {
          if (disapproving)
            mutation.mutate({
              document: disapproving,
              decision: { status: 'afgekeurd', ...disapproval },
            })
        }}
        onClose={() => setDisapproving(null)}
      />
    </div>
  )
}
