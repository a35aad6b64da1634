import type { DocumentFile } from '@dataportaal/contract'
import { useState } from 'react'
import { apiFetch } from '../api/client.ts'

/**
 * Files on /api need the bearer token, which a link cannot send: `download()` fetches the
 * file and hands it to the browser as a download; `failed` says the last try did not work.
 * `url` is a path after the API prefix, with its query when it has one (a table's CSV selection).
 */
export function useTokenDownload(file: Pick<DocumentFile, 'url' | 'fileName'>) {
  const [failed, setFailed] = useState(false)
  const download = async () => {
    setFailed(false)
    try {
      const blob = await (await apiFetch(file.url)).blob()
      const url = URL.createObjectURL(blob)
      const anchor = Object.assign(window.document.createElement('a'), {
        href: url,
        download: file.fileName,
      })
      anchor.click()
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch {
      setFailed(true)
    }
  }
  return { download, failed }
}
