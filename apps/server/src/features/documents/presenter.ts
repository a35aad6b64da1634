import type { DocumentStatus, DocumentSummary, StatusCategory } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import { formatName } from './formats.ts'
import { canReadStatusReason, canSeeOwnerId } from './permissions.ts'

/** The columns every document query selects under these names. */
export interface DocumentSummaryRow {
  id: string
  title: string
  content_type: string
  source: string
  theme_names: string[]
  label_names: string[]
  status: DocumentStatus
  rating_avg: number | null
  rating_count: number
  date: string
  published_at: Date | null
  favorited: boolean | null
  my_rating: number | null
}

/** What a query selects besides the summary to show owner, reason and dates. */
export interface DocumentRecordRow extends DocumentSummaryRow {
  status_category: StatusCategory | null
  status_description: string | null
  owner_id: string | null
  owner_name: string | null
  created_at: Date
  modified_at: Date
}

/**
 * The fields a search result and the document page share. Labels and the viewer's own
 * favourite and rating go to employees only.
 */
export function presentSummary(row: DocumentSummaryRow, viewer: Viewer) {
  return {
    contentUID: row.id,
    title: row.title,
    contentTypeName: row.content_type,
    sourceFriendlyName: row.source,
    themes: row.theme_names.length ? row.theme_names : null,
    status: row.status,
    averageRating: row.rating_avg === null ? null : Math.round(row.rating_avg * 10) / 10,
    ratingCount: row.rating_count,
    date: row.date,
    published: row.published_at ? row.published_at.toISOString() : null,
    ...(isEmployee(viewer)
      ? {
          labels: row.label_names.length ? row.label_names : null,
          contentUserUse: { favorited: row.favorited ?? false, rating: row.my_rating },
        }
      : {}),
  }
}

/** Owner, dates and, for those who may read it, the reason of a disapproval. */
export function presentRecord(row: DocumentRecordRow, viewer: Viewer) {
  return {
    owner:
      row.owner_name === null
        ? null
        : {
            ...(canSeeOwnerId(viewer) && row.owner_id ? { id: row.owner_id } : {}),
            name: row.owner_name,
          },
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
    ...(canReadStatusReason(viewer, row.owner_id)
      ? { statusCategory: row.status_category, statusDescription: row.status_description }
      : {}),
  }
}

export interface DocumentListRow extends DocumentRecordRow, Record<string, unknown> {
  media_types: string[]
}

/** A document in a list of documents (own documents, validation). */
export const presentListItem = (row: DocumentListRow, viewer: Viewer): DocumentSummary => ({
  ...presentSummary(row, viewer),
  ...presentRecord(row, viewer),
  fileFormats: row.media_types.map(formatName),
})
