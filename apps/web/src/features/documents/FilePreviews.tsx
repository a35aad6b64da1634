import type { DocumentFile } from '@dataportaal/contract'
import { useId } from 'react'
import { CsvPreview } from './CsvPreview.tsx'
import { previewKind, type PreviewKind } from '../../shared/documents/file-types.ts'
import { GeoJsonPreview } from './GeoJsonPreview.tsx'
import { PdfContrastFilter, PdfPreview } from './PdfPreview.tsx'
import { texts } from './texts.ts'
import './previews.css'

/** A preview for each file a person would rather look at than download; others get none. */
export function FilePreviews({ files }: { files: DocumentFile[] }) {
  const previews = files.flatMap((file) => {
    const kind = previewKind(file)
    return kind ? [{ file, kind }] : []
  })
  return (
    <>
      {previews.map(({ file, kind }) => (
        <FilePreview key={file.id} file={file} kind={kind} />
      ))}
      {previews.some(({ kind }) => kind === 'pdf') && <PdfContrastFilter />}
    </>
  )
}

function FilePreview({ file, kind }: { file: DocumentFile; kind: PreviewKind }) {
  const headingId = useId()
  return (
    <section
      className="portal-document-section portal-document-preview"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="utrecht-heading-2">
        {texts.previewHeading(file.fileName)}
      </h2>
      {kind === 'csv' && <CsvPreview file={file} />}
      {kind === 'geojson' && <GeoJsonPreview file={file} />}
      {kind === 'pdf' && <PdfPreview file={file} />}
    </section>
  )
}
