import { API_PREFIX, type DocumentFile } from '@dataportaal/contract'
import { apiUrl } from '../../shared/api/client.ts'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { formatFileSize } from '../../shared/format.ts'
import { DownloadIcon, FileIcon } from '../../shared/ui/icons.tsx'
import { useTokenDownload } from '../../shared/documents/download.ts'
import { formatName } from '../../shared/documents/file-types.ts'
import { texts } from './texts.ts'

/** The document's files, each with its type in words, its size and a download link. */
export function FileList({ files }: { files: DocumentFile[] }) {
  return (
    <section className="portal-document-section" aria-labelledby="document-bestanden">
      <h2 id="document-bestanden" className="utrecht-heading-2">
        {texts.filesHeading}
      </h2>
      {files.length === 0 ? (
        <p className="utrecht-paragraph">{texts.noFiles}</p>
      ) : (
        <ul className="portal-document-files">
          {files.map((file) => (
            <li key={file.id} className="portal-document-file">
              <FileIcon className="portal-icon portal-document-file__icon" />
              <span className="portal-document-file__name">{file.fileName}</span>
              <span className="portal-document-file__details">
                {texts.fileDetails(formatName(file), formatFileSize(file.size))}
              </span>
              <DownloadLink
                target={file}
                // The visible text comes first, so speech input ('klik Downloaden') still works.
                label={`${texts.download} ${file.fileName}`}
              />
              {file.extractionStatus === 'failed' && (
                <span className="portal-document-file__note">
                  {texts.notSearchable(file.extractionError)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * A plain link for visitors. A signed-in employee's calls need the bearer token, which a link
 * cannot send: the click then fetches the file and hands it to the browser as a download.
 * `target.url` is the path after the API prefix, with its query when it has one.
 */
export function DownloadLink({
  target,
  text = texts.download,
  label,
}: {
  target: Pick<DocumentFile, 'url' | 'fileName'>
  text?: string
  /** The accessible name when the text alone does not say which file. */
  label?: string
}) {
  const { download, failed } = useTokenDownload(target)
  // From the auth state, not storage: a server-rendered page is hydrated as a visitor's.
  const { authenticated: signedIn } = useAuth()
  const prefix = signedIn ? API_PREFIX.authenticated : API_PREFIX.public

  return (
    <span className="portal-document-file__action">
      <a
        className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--secondary-action portal-document-file__download"
        href={apiUrl(target.url, undefined, prefix)}
        download={target.fileName}
        aria-label={label}
        onClick={
          signedIn
            ? (event) => {
                event.preventDefault()
                void download()
              }
            : undefined
        }
      >
        <DownloadIcon />
        {text}
      </a>
      {failed && (
        <span className="portal-document-file__error" role="alert">
          {texts.downloadFailed}
        </span>
      )}
    </span>
  )
}
