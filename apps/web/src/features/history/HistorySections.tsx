import { apiPaths, type DocumentChange, type DocumentVersion } from '@dataportaal/contract'
import { DownloadLink } from '../../shared/documents/DownloadLink.tsx'
import { formatDate, formatFileSize } from '../../shared/format.ts'
import { FileIcon } from '../../shared/ui/icons.tsx'
import { useDocumentHistory } from './api.ts'
import { texts } from './texts.ts'
import './history.css'

/**
 * 'Eerdere versies' and 'Wijzigingen' on a document's page: its earlier files, each with a
 * download, and what changed when. The server decides what a viewer sees (visitors: what
 * was approved; who changed it: admins only).
 */
export function HistorySections({ contentUID }: { contentUID: string }) {
  const query = useDocumentHistory(contentUID)
  if (query.isPending) {
    return (
      <p className="utrecht-paragraph portal-document-muted" role="status">
        {texts.loading}
      </p>
    )
  }
  if (query.isError) {
    return (
      <p className="utrecht-paragraph" role="alert">
        {texts.error}
      </p>
    )
  }
  return (
    <>
      <Versions contentUID={contentUID} versions={query.data.versions} />
      <Changes changes={query.data.changes} />
    </>
  )
}

function Versions({ contentUID, versions }: { contentUID: string; versions: DocumentVersion[] }) {
  return (
    <section className="portal-document-section" aria-labelledby="document-eerdere-versies">
      <h2 id="document-eerdere-versies" className="utrecht-heading-2">
        {texts.versionsHeading}
      </h2>
      {versions.length === 0 ? (
        <p className="utrecht-paragraph">{texts.noVersions}</p>
      ) : (
        <ul className="portal-document-files">
          {versions.map((version) => {
            const date = formatDate(version.replacedAt)
            return (
              <li key={version.id} className="portal-document-file">
                <FileIcon className="portal-icon portal-document-file__icon" />
                <span className="portal-document-file__name">{version.fileName}</span>
                <span className="portal-document-file__details">
                  {texts.versionDetails(date, formatFileSize(version.size))}
                </span>
                {/* One grid cell for both links: the file, and its table's data when kept. */}
                <span className="portal-history-version__actions">
                  <DownloadLink
                    target={version}
                    label={texts.downloadVersion(version.fileName, date)}
                  />
                  {version.tables?.some((table) => table.loadStatus === 'geladen') && (
                    <DownloadLink
                      target={versionTableCsv(contentUID, version)}
                      text={texts.tableCsv}
                      label={texts.tableCsvLabel(version.fileName, date)}
                    />
                  )}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/**
 * The rows of the table the version kept, as CSV through its read-only Data API (the same
 * path a script uses; …/rows without `format` gives JSON pages).
 */
const versionTableCsv = (contentUID: string, version: DocumentVersion) => ({
  url: `${apiPaths.versionRows(contentUID, version.id)}?format=csv`,
  fileName: `${version.fileName.replace(/\.[^.]+$/, '')}-versie-${version.version}.csv`,
})

function Changes({ changes }: { changes: DocumentChange[] }) {
  return (
    <section className="portal-document-section" aria-labelledby="document-wijzigingen">
      <h2 id="document-wijzigingen" className="utrecht-heading-2">
        {texts.changesHeading}
      </h2>
      {changes.length === 0 ? (
        <p className="utrecht-paragraph">{texts.noChanges}</p>
      ) : (
        <ol className="portal-history-changes">
          {changes.map((change) => (
            <li key={change.id}>
              <time dateTime={change.changedAt}>{formatDate(change.changedAt)}</time>
              <ul className="utrecht-unordered-list">
                {describe(change).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** A change in sentences: the fields, then the files added, replaced, removed; then who. */
function describe(change: DocumentChange): string[] {
  const names = (files: DocumentChange['filesAdded']) => files.map((file) => file.fileName)
  return [
    change.fields.length > 0 ? texts.fields(change.fields.map((field) => field.label)) : null,
    change.filesAdded.length > 0 ? texts.added(names(change.filesAdded)) : null,
    change.filesReplaced.length > 0 ? texts.replaced(names(change.filesReplaced)) : null,
    change.filesRemoved.length > 0 ? texts.removed(names(change.filesRemoved)) : null,
    change.changedBy ? texts.by(change.changedBy) : null,
  ].filter((line): line is string => line !== null)
}
