import type { DocumentDetail } from '@dataportaal/contract'
import { Link } from 'react-router'
import { useAuth } from '../auth/AuthContext.tsx'
import { documentEditHref } from '../upload/paths.ts'
import { DeleteDocumentButton } from './DeleteDocumentButton.tsx'
import { canEditDocument } from './permissions.ts'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'

/** 'Bewerken' and 'Verwijderen' on the document page, for the owner and for admins. */
export function DocumentOwnerActions({ detail }: { detail: DocumentDetail }) {
  const auth = useAuth()
  if (!canEditDocument(auth, detail)) return null
  return (
    <div className="portal-owner-actions">
      <Link
        className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--secondary-action"
        to={documentEditHref(detail.contentUID)}
      >
        {TEXTS.edit} <span className="portal-visually-hidden">{TEXTS.actionOf(detail.title)}</span>
      </Link>
      <DeleteDocumentButton contentUID={detail.contentUID} title={detail.title} />
    </div>
  )
}
