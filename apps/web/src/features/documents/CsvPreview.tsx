import type { DocumentFile } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../shared/api/client.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { documentKeys } from '../../shared/documents/keys.ts'
import { parseCsv } from './csv.ts'
import { PREVIEW_LIMITS } from '../../shared/documents/file-types.ts'
import { PreviewMessage } from './PreviewMessage.tsx'
import { PreviewTable } from './PreviewTable.tsx'
import { readTextStart } from './read-start.ts'
import { texts } from './texts.ts'

/** The first rows of a CSV file as a table; only the start of the file is downloaded. */
export function CsvPreview({ file }: { file: DocumentFile }) {
  const query = useQuery({
    queryKey: documentKeys.file(file.url, 'csv'),
    // A file's content is fetched by the browser, never while the server renders the page.
    meta: { browserOnly: true },
    queryFn: async ({ signal }) => {
      const response = await apiFetch(file.url, { signal })
      const { text, truncated } = await readTextStart(response, PREVIEW_LIMITS.csvReadBytes)
      // One more record than shown: the header.
      return parseCsv(text, { maxRows: PREVIEW_LIMITS.csvRows + 1, truncated })
    },
    staleTime: Infinity,
  })

  if (query.isPending) return <LoadingState label={texts.previewLoading} />
  if (query.isError) return <PreviewMessage>{texts.previewFailed}</PreviewMessage>
  const [header, ...rows] = query.data.rows
  if (!header || rows.length === 0) return <PreviewMessage>{texts.csvEmpty}</PreviewMessage>
  return (
    <PreviewTable
      label={texts.csvRegion(file.fileName)}
      caption={
        query.data.complete ? texts.csvCaptionAll(rows.length) : texts.csvCaptionFirst(rows.length)
      }
      header={header}
      rows={rows}
    />
  )
}
