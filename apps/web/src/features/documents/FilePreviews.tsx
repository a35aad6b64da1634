import type { DocumentDetail, DocumentFile } from '@dataportaal/contract'
import { useId } from 'react'
import { CsvPreview } from './CsvPreview.tsx'
import { previewKind, type PreviewKind } from '../../shared/documents/file-types.ts'
import { GeoJsonPreview } from './GeoJsonPreview.tsx'
import { PdfContrastFilter, PdfPreview } from './PdfPreview.tsx'
import { TableView } from './TableView.tsx'
import { texts } from './texts.ts'
import './previews.css'

/** A file the loader reads as a table (CSV, TSV, XLSX, ODS, JSON, GeoJSON) has `tables`. */
const hasTable = (file: DocumentFile) => (file.tables?.length ?? 0) > 0

/**
 * A preview for each file a person would rather look at than download; others get none. A
 * file with a table gets the table itself, read through the Data API, instead of the CSV
 * preview of its first rows; a GeoJSON file keeps its map as well.
 */
export function FilePreviews({ detail }: { detail: DocumentDetail }) {
  const previews = detail.files.flatMap(
    (file): { file: DocumentFile; kind: PreviewKind | null }[] => {
      const kind = previewKind(file)
      if (hasTable(file)) return [{ file, kind: kind === 'csv' ? null : kind }]
      return kind ? [{ file, kind }] : []
    },
  )
  return (
    <>
      {previews.map(({ file, kind }) => (
        <FilePreview key={file.id} detail={detail} file={file} kind={kind} />
      ))}
      {previews.some(({ kind }) => kind === 'pdf') && <PdfContrastFilter />}
    </>
  )
}

function FilePreview({
  detail,
  file,
  kind,
}: {
  detail: DocumentDetail
  file: DocumentFile
  kind: PreviewKind | null
}) {
  const headingId = useId()
  return (
    <section
      className="portal-document-section portal-document-preview"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="utrecht-heading-2">
        {hasTable(file) ? texts.table.heading(file.fileName) : texts.previewHeading(file.fileName)}
      </h2>
      {kind === 'csv' && <CsvPreview file={file} />}
      {kind === 'geojson' && <GeoJsonPreview file={file} />}
      {kind === 'pdf' && <PdfPreview file={file} />}
      {hasTable(file) && <TableView detail={detail} file={file} />}
    </section>
  )
}
