import { MEDIA_TYPES, formatNames, type DocumentFile } from '@dataportaal/contract'

/** 'CSV', 'PDF', 'GeoJSON'…; for an unknown type the file's extension, else 'Bestand'. */
export function formatName(file: Pick<DocumentFile, 'mediaType' | 'fileName'>): string {
  const known = formatNames(file.mediaType)?.long
  if (known) return known
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.fileName)?.[1]
  return extension ? extension.toUpperCase() : 'Bestand'
}

export type PreviewKind = 'csv' | 'geojson' | 'pdf'

const PREVIEWS: Record<string, PreviewKind> = {
  [MEDIA_TYPES.csv]: 'csv',
  [MEDIA_TYPES.geojson]: 'geojson',
  [MEDIA_TYPES.pdf]: 'pdf',
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
