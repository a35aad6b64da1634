import { z } from 'zod'
import { FileTable } from './tables.ts'

/** A document's history (issue 34): its earlier files and what changed when. */

export const DocumentVersionParams = z.strictObject({ id: z.uuid(), versionId: z.uuid() })

/**
 * The metadata fields a change can name, with the labels the upload form and the document
 * page give them (so a reader finds the field the history names); 'Soort' is spelled out.
 */
export const HISTORY_FIELD_LABELS = {
  title: 'Titel',
  description: 'Beschrijving',
  contentType: 'Soort document',
  source: 'Bron',
  license: 'Licentie',
  wooCategory: 'Woo-informatiecategorie',
  temporal: 'Periode',
  spatial: 'Gebied',
  themes: 'Thema’s',
  dataDictionary: 'Beschrijving van de kolommen',
} as const
export type HistoryField = keyof typeof HISTORY_FIELD_LABELS
export const HistoryField = z.enum(
  Object.keys(HISTORY_FIELD_LABELS) as [HistoryField, ...HistoryField[]],
)

export const DocumentVersion = z.object({
  id: z.uuid(),
  /** 1 for the first file the document let go, counting up. */
  version: z.number().int().min(1),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
  /** When an edit replaced or removed the file (ISO 8601). */
  replacedAt: z.string(),
  /** Download path, relative to the API prefix the caller used. */
  url: z.string(),
  /**
   * The tables the file held when it was let go, still queryable (read only) under
   * …/versions/{versionId}/table and …/rows; absent when it kept none.
   */
  tables: z.array(FileTable).optional(),
})
export type DocumentVersion = z.infer<typeof DocumentVersion>

export const HistoryFile = z.object({ fileName: z.string(), size: z.number().int().min(0) })

export const DocumentChange = z.object({
  id: z.uuid(),
  changedAt: z.string(),
  fields: z.array(z.object({ field: HistoryField, label: z.string() })),
  filesAdded: z.array(HistoryFile),
  /** A file removed and one added under the same name in one edit: replaced. */
  filesReplaced: z.array(HistoryFile),
  filesRemoved: z.array(HistoryFile),
  /** Who made the change: for admins only. */
  changedBy: z.string().nullable().optional(),
})
export type DocumentChange = z.infer<typeof DocumentChange>

export const DocumentHistory = z.object({
  /** Earlier files, newest first. */
  versions: z.array(DocumentVersion),
  /** Changes, newest first. */
  changes: z.array(DocumentChange),
})
export type DocumentHistory = z.infer<typeof DocumentHistory>
