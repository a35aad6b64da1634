import {
  privacyBlocksApproval,
  type DocumentFile,
  type DocumentForValidation,
} from '@dataportaal/contract'
import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { formatFileSize } from '../../shared/format.ts'
import { documentHref } from '../../shared/routes.ts'
import { DateValue, DocumentMeta } from '../../shared/ui/DocumentMeta.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { useTokenDownload } from '../../shared/documents/download.ts'
import { formatName } from '../../shared/documents/file-types.ts'
import { FileQualityReports } from '../../shared/tables/QualityReport.tsx'
import { QUALITY_SCORE_TEXTS, QualityScore } from '../../shared/quality/QualityScore.tsx'
import { VALIDATION_TEXTS as TEXTS } from './texts.ts'

/** Longer descriptions are shortened until the admin asks for all of it. */
const SHORT_DESCRIPTION = 280

/** 'Opnieuw lezen' of a file whose text could not be read: which file is under way, and the call. */
export interface Reread {
  fileId: string | null
  start: (file: DocumentFile) => void
}

/**
 * One document in a validation list, with what an admin needs to judge it: title, uploader,
 * date, type, description and files. Open documents get 'Goedkeuren' and 'Afkeuren', unless
 * the admin uploaded or last edited it (four eyes): then it says so, and who must decide.
 * A file whose text could not be read gets 'Opnieuw lezen', in every list.
 */
export function ValidationItem({
  document,
  busy,
  reread,
  onApprove,
  onDisapprove,
  extra,
}: {
  document: DocumentForValidation
  /** What other features show under the files (the personal-data check). */
  extra?: ReactNode
  /** A decision about this document is under way. */
  busy: boolean
  reread: Reread
  onApprove: () => void
  onDisapprove: () => void
}) {
  const headingId = `validatie-${document.contentUID}`
  // The personal-data check holds approval until an admin judged it (the server refuses too).
  const privacyHeld = privacyBlocksApproval(document.privacy)
  return (
    <li className="portal-validation-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="utrecht-heading-3 portal-validation-item__title">
          <Link className="utrecht-link" to={documentHref(document.contentUID)}>
            {document.title}
          </Link>
        </h2>
        <DocumentMeta
          items={[
            {
              label: TEXTS.meta.uploader,
              value: document.owner?.name ?? TEXTS.meta.unknownUploader,
            },
            { label: TEXTS.meta.modified, value: <DateValue value={document.modified} /> },
            { label: TEXTS.meta.type, value: document.contentTypeName },
            { label: TEXTS.meta.source, value: document.sourceFriendlyName },
            document.published
              ? { label: TEXTS.meta.published, value: <DateValue value={document.published} /> }
              : null,
            document.quality
              ? {
                  label: QUALITY_SCORE_TEXTS.label,
                  value: <QualityScore quality={document.quality} />,
                }
              : null,
          ]}
        />
        {document.status === 'afgekeurd' && (
          <div className="utrecht-alert utrecht-alert--warning portal-validation-item__reason">
            <div className="utrecht-alert__content">
              <p className="utrecht-paragraph">
                <strong>{TEXTS.disapprovedBecause(document.statusCategory ?? null)}</strong>
              </p>
              {document.statusDescription && (
                <p className="utrecht-paragraph">{document.statusDescription}</p>
              )}
            </div>
          </div>
        )}
        <DocumentDetails document={document} reread={reread} />
        {extra}
        {document.status === 'openstaand' && document.selfValidationBlocked && (
          <div className="utrecht-alert utrecht-alert--info portal-validation-item__self">
            <p className="utrecht-paragraph">
              {TEXTS.selfValidation[document.selfValidationBlocked]}
            </p>
          </div>
        )}
        {document.status === 'openstaand' && !document.selfValidationBlocked && (
          <div className="portal-validation-item__actions">
            {privacyHeld && (
              <p id={`${headingId}-held`} className="utrecht-paragraph">
                {document.privacy?.pending ? TEXTS.privacyPending : TEXTS.privacyOpen}
              </p>
            )}
            <Button
              appearance="primary-action-button"
              busy={busy}
              aria-disabled={busy || privacyHeld}
              aria-describedby={privacyHeld ? `${headingId}-held` : undefined}
              onClick={() => {
                if (!busy && !privacyHeld) onApprove()
              }}
            >
              {TEXTS.approve}{' '}
              <span className="portal-visually-hidden">{TEXTS.actionOf(document.title)}</span>
            </Button>
            <Button
              appearance="secondary-action-button"
              hint="danger"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) onDisapprove()
              }}
            >
              {TEXTS.disapprove}{' '}
              <span className="portal-visually-hidden">{TEXTS.actionOf(document.title)}</span>
            </Button>
          </div>
        )}
      </article>
    </li>
  )
}

/** What the validator judges: the description and the files, and the way to the previews. */
function DocumentDetails({
  document: { contentUID: id, title, description, files },
  reread,
}: {
  document: DocumentForValidation
  reread: Reread
}) {
  return (
    <div className="portal-validation-item__details">
      <h3 className="portal-validation-item__subheading">{TEXTS.description}</h3>
      {description.trim() ? (
        <Description text={description} />
      ) : (
        <p className="utrecht-paragraph">{TEXTS.noDescription}</p>
      )}
      <h3 className="portal-validation-item__subheading">{TEXTS.files}</h3>
      {files.length === 0 ? (
        <p className="utrecht-paragraph">{TEXTS.noFiles}</p>
      ) : (
        <ul className="portal-validation-files">
          {files.map((file) => (
            <li key={file.id} className="portal-validation-file">
              <span className="portal-validation-file__name">{file.fileName}</span>{' '}
              <span className="portal-validation-file__details">
                ({formatName(file)}, {formatFileSize(file.size)})
              </span>{' '}
              <DownloadButton file={file} />
              {file.extractionStatus === 'failed' && (
                <>
                  <span className="portal-validation-file__note">
                    {' '}
                    {TEXTS.notSearchable(file.extractionError)}
                  </span>{' '}
                  <RereadButton file={file} reread={reread} />
                </>
              )}
              {file.extractionStatus === 'pending' && (
                <span className="portal-validation-file__note"> {TEXTS.reading}</span>
              )}
              {/* What the table loader found; it informs the decision, it does not block it. */}
              <FileQualityReports documentId={id} file={file} />
            </li>
          ))}
        </ul>
      )}
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={documentHref(id)}>
          {TEXTS.openDocument}
          <span className="portal-visually-hidden">: {title}</span>
        </Link>
      </p>
    </div>
  )
}

function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false)
  const textId = useId()
  const long = text.length > SHORT_DESCRIPTION
  const shown = long && !expanded ? `${text.slice(0, SHORT_DESCRIPTION).trimEnd()}…` : text
  return (
    <>
      <p id={textId} className="utrecht-paragraph portal-validation-item__description">
        {shown}
      </p>
      {long && (
        <Button
          appearance="subtle-button"
          aria-controls={textId}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? TEXTS.readLess : TEXTS.readMore}
        </Button>
      )}
    </>
  )
}

function RereadButton({ file, reread }: { file: DocumentFile; reread: Reread }) {
  const busy = reread.fileId === file.id
  return (
    <Button
      appearance="secondary-action-button"
      busy={busy}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) reread.start(file)
      }}
    >
      {TEXTS.reread.button} <span className="portal-visually-hidden">{file.fileName}</span>
    </Button>
  )
}

/** An admin is always signed in: the file comes with the bearer token. */
function DownloadButton({ file }: { file: DocumentFile }) {
  const { download, failed } = useTokenDownload(file)
  return (
    <>
      <Button appearance="secondary-action-button" onClick={() => void download()}>
        {TEXTS.download} <span className="portal-visually-hidden">{file.fileName}</span>
      </Button>
      {failed && (
        <span className="portal-validation-file__error" role="alert">
          {TEXTS.downloadFailed}
        </span>
      )}
    </>
  )
}
