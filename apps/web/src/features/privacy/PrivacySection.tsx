import type { DocumentDetail, DocumentPrivacy } from '@dataportaal/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { documentKeys } from '../../shared/documents/keys.ts'
import { FindingList, UnscannedList } from './FindingList.tsx'
import { PENDING_POLL_MS } from './api.ts'
import { OwnerNote } from './OwnerNote.tsx'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'
import './privacy.css'

/**
 * 'Mogelijke persoonsgegevens' on the document page: for its owner and admins only (the
 * server sends `privacy` to no one else, so for them this shows nothing). The owner may note
 * per open finding why it is no personal data.
 */
export function PrivacySection({ detail }: { detail: DocumentDetail }) {
  const { userAADId } = useAuth()
  const queryClient = useQueryClient()
  const privacy = detail.privacy
  // While the scan runs the page asks again, so its findings appear without a reload.
  const pending = privacy?.pending ?? false
  useEffect(() => {
    if (!pending) return
    const key = documentKeys.detail(detail.contentUID)
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: key }),
      PENDING_POLL_MS,
    )
    return () => window.clearInterval(timer)
  }, [pending, detail.contentUID, queryClient])
  if (!privacy) return null
  const isOwner = Boolean(detail.owner?.id) && detail.owner?.id === userAADId
  const saved = (next: DocumentPrivacy) =>
    queryClient.setQueryData<DocumentDetail>(documentKeys.detail(detail.contentUID), (cached) =>
      cached ? { ...cached, privacy: next } : cached,
    )
  const headingId = `privacy-${detail.contentUID}`
  return (
    <section className="portal-privacy" aria-labelledby={headingId}>
      <h2 id={headingId} className="utrecht-heading-2">
        {TEXTS.heading}
      </h2>
      <p className="utrecht-paragraph">{TEXTS.intro}</p>
      <p className="utrecht-paragraph">
        <strong>{TEXTS.status[privacy.status]}</strong>
        {privacy.pending && <> {TEXTS.pending}</>}
      </p>
      <FindingList
        findings={privacy.findings}
        action={
          isOwner
            ? (finding) =>
                finding.resolution ? null : (
                  <OwnerNote documentId={detail.contentUID} finding={finding} onSaved={saved} />
                )
            : undefined
        }
      />
      <UnscannedList unscanned={privacy.unscanned} />
    </section>
  )
}
