import type { DeletedDocument } from '@dataportaal/contract'
import { DateValue, DocumentMeta } from '../../shared/ui/DocumentMeta.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { VALIDATION_TEXTS } from './texts.ts'

const TEXTS = VALIDATION_TEXTS.deleted

/**
 * One deleted document: what it was, who deleted it and when, until when it can be
 * restored, and 'Herstellen'. The title is no link: a deleted document has no page.
 */
export function DeletedItem({
  document,
  busy,
  onRestore,
}: {
  document: DeletedDocument
  /** The restore of this document is under way. */
  busy: boolean
  onRestore: () => void
}) {
  const headingId = `verwijderd-${document.contentUID}`
  return (
    <li className="portal-validation-item">
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="utrecht-heading-3 portal-validation-item__title">
          {document.title}
        </h3>
        <DocumentMeta
          items={[
            {
              label: TEXTS.meta.deletedBy,
              value: document.withdrawn
                ? TEXTS.meta.withdrawn
                : document.deletedBy?.name || TEXTS.meta.unknownPerson,
            },
            { label: TEXTS.meta.deletedAt, value: <DateValue value={document.deletedAt} /> },
            { label: TEXTS.meta.status, value: TEXTS.status[document.status] },
            {
              label: TEXTS.meta.uploader,
              value: document.owner?.name || VALIDATION_TEXTS.meta.unknownUploader,
            },
            { label: TEXTS.meta.type, value: document.contentTypeName },
          ]}
        />
        <p className="utrecht-paragraph portal-validation-item__purge">
          {TEXTS.purgeOn} <DateValue value={document.purgeAt} />{' '}
          {TEXTS.daysLeft(document.daysUntilPurge)}
        </p>
        <div className="portal-validation-item__actions">
          <Button
            appearance="primary-action-button"
            busy={busy}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onRestore()
            }}
          >
            {TEXTS.restore}{' '}
            <span className="portal-visually-hidden">
              {VALIDATION_TEXTS.actionOf(document.title)}
            </span>
          </Button>
        </div>
      </article>
    </li>
  )
}
