import type { DocumentFile } from '@dataportaal/contract'

/**
 * The names people know file formats by: the server's list for search results
 * (apps/server/src/features/documents/formats.ts), with the office formats spelled out.
 */
const FORMAT_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'application/geo+json': 'GeoJSON',
  'application/zip': 'ZIP',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (XLSX)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (DOCX)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument-tekst (ODT)',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument-rekenblad (ODS)',
}

/** 'CSV', 'PDF', 'GeoJSON'…; for an unknown type the file's extension, else 'Bestand'. */
export function formatName(file: Pick<DocumentFile, 'mediaType' | 'fileName'>): string {
  const known = FORMAT_NAMES[file.mediaType.split(';')[0]!.trim().toLowerCase()]
  if (known) return known
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.fileName)?.[1]
  return extension ? extension.toUpperCase() : 'Bestand'
}

export type PreviewKind = 'csv' | 'geojson' | 'pdf'

const PREVIEWS: Record<string, PreviewKind> = {
  'text/csv': 'csv',
  'application/geo+json': 'geojson',
  'application/pdf': 'pdf',
}

/** Which preview suits a file; null when downloading is the only sensible way to see it. */
export const previewKind = (file: Pick<DocumentFile, 'mediaType'>): PreviewKind | null =>
  PREVIEWS[file.mediaType.split(';')[0]!.trim().toLowerCase()] ?? null

/** Above these sizes a preview costs more than it helps; the download remains. */
export const PREVIEW_LIMITS = {
  /** A CSV preview reads only the start of the file, however big. */
  csvReadBytes: 256 * 1024,
  csvRows: 20,
  geojsonBytes: 5 * 1024 * 1024,
  pdfBytes: 25 * 1024 * 1024,
  pdfPagesPerStep: 3,
} as const
