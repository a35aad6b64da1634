import { API_PREFIX, type DocumentFile } from '@dataportaal/contract'
import { apiUrl } from '../api/client.ts'
import { useAuth } from '../auth/AuthContext.tsx'
import { DownloadIcon } from '../ui/icons.tsx'
import { useTokenDownload } from './download.ts'

export const downloadTexts = {
  download: 'Downloaden',
  failed: 'Downloaden is mislukt. Probeer het opnieuw.',
}

/**
 * A plain link for visitors. A signed-in employee's calls need the bearer token, which a link
 * cannot send: the click then fetches the file and hands it to the browser as a download.
 * `target.url` is the path after the API prefix, with its query when it has one.
 */
export function DownloadLink({
  target,
  text = downloadTexts.download,
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
          {downloadTexts.failed}
        </span>
      )}
    </span>
  )
}
