import type { DocumentStatus, DocumentSummary } from '@dataportaal/contract'
import { Link } from 'react-router'
import { documentHref, documentEditHref } from '../../shared/routes.ts'
import { DateValue, DocumentMeta } from '../../shared/ui/DocumentMeta.tsx'
import { FavoriteToggle } from '../../shared/documents/FavoriteToggle.tsx'
import { DeleteDocumentButton } from './DeleteDocumentButton.tsx'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'

/** One own document: its status in Dutch, why it was disapproved, and what the owner can do. */
export function OwnDocumentItem({ document }: { document: DocumentSummary }) {
  const headingId = `eigen-document-${document.contentUID}`
  return (
    <li className="portal-own-document">
      <article aria-labelledby={headingId}>
        <div className="portal-own-document__header">
          <h2 id={headingId} className="utrecht-heading-3 portal-own-document__title">
            <Link className="utrecht-link" to={documentHref(document.contentUID)}>
              {document.title}
            </Link>
          </h2>
          <StatusTag status={document.status} />
        </div>
        <DocumentMeta
          items={[
            { label: TEXTS.meta.type, value: document.contentTypeName },
            { label: TEXTS.meta.source, value: document.sourceFriendlyName },
            { label: TEXTS.meta.modified, value: <DateValue value={document.modified} /> },
            document.fileFormats.length > 0 && {
              label: TEXTS.meta.formats,
              value: document.fileFormats.join(', '),
            },
          ]}
        />
        {document.status === 'afgekeurd' && <DisapprovalReason document={document} />}
        <div className="portal-own-document__actions">
          <FavoriteToggle document={document} />
          <Link
            className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--secondary-action"
            to={documentEditHref(document.contentUID)}
          >
            {TEXTS.edit}{' '}
            <span className="portal-visually-hidden">{TEXTS.actionOf(document.title)}</span>
          </Link>
          <DeleteDocumentButton contentUID={document.contentUID} title={document.title} />
        </div>
      </article>
    </li>
  )
}

/** The status as text with a mark of its own, so it never depends on colour alone. */
function StatusTag({ status }: { status: DocumentStatus }) {
  return (
    <p className={`portal-status portal-status--${status}`}>
      <span className="portal-visually-hidden">{TEXTS.statusLabel}: </span>
      <span className="portal-status__mark" aria-hidden="true" />
      {TEXTS.status[status]}
    </p>
  )
}

function DisapprovalReason({ document }: { document: DocumentSummary }) {
  return (
    <div className="utrecht-alert utrecht-alert--warning portal-own-document__reason">
      <div className="utrecht-alert__content">
        <p className="utrecht-paragraph">
          <strong>{TEXTS.disapprovedHeading(document.statusCategory ?? null)}</strong>
        </p>
        {document.statusDescription && (
          <p className="utrecht-paragraph portal-own-document__reason-text">
            {document.statusDescription}
          </p>
        )}
        <p className="utrecht-paragraph">{TEXTS.disapprovedHint}</p>
      </div>
    </div>
  )
}
