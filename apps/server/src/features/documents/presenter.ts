import type { DocumentStatus } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'

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
