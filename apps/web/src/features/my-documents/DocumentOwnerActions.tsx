import type { DocumentDetail } from '@dataportaal/contract'
import { Link } from 'react-router'
import { documentEditHref } from '../../shared/routes.ts'
import { DeleteDocumentButton } from './DeleteDocumentButton.tsx'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'

/**
 * 'Bewerken' and 'Verwijderen' on the document page, for the owner and for admins: the server
 * says in `abilities` what this viewer may do.
 */
export function DocumentOwnerActions({ detail }: { detail: DocumentDetail }) {
  const { edit, delete: mayDelete } = detail.abilities
  if (!edit && !mayDelete) return null
  return (
    <div className="portal-owner-actions">
      {edit && (
        <Link
          className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--secondary-action"
          to={documentEditHref(detail.contentUID)}
        >
          {TEXTS.edit}{' '}
          <span className="portal-visually-hidden">{TEXTS.actionOf(detail.title)}</span>
        </Link>
      )}
      {mayDelete && <DeleteDocumentButton contentUID={detail.contentUID} title={detail.title} />}
    </div>
  )
}
