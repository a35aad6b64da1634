import type {
  DocumentDetail,
  DocumentStatus,
  DocumentSummary,
  StatusCategory,
  WooCategory,
} from '@dataportaal/contract'
import { unionBox, type BoundingBox } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import { presentFiles, type FileRows } from './files.ts'
import {
  presentHarvest,
  presentLinkChecks,
  presentLinks,
  type LinkCheckRows,
  type LinkRows,
} from './links.ts'
import { formatName } from './formats.ts'
import { abilitiesOf, can, type DocumentFacts } from './policy.ts'

/** An average rating as documents show it everywhere: one decimal. */
export const roundedAverage = (average: number | null) =>
  average === null ? null : Math.round(average * 10) / 10

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
    averageRating: roundedAverage(row.rating_avg),
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

const factsOf = (row: DocumentRecordRow): DocumentFacts => ({
  ownerId: row.owner_id,
  status: row.status,
})

/** Owner, dates and, for those who may read it, the reason of a disapproval. */
export function presentRecord(row: DocumentRecordRow, viewer: Viewer) {
  return {
    owner:
      row.owner_name === null
        ? null
        : {
            ...(can(viewer, 'seeOwnerId') && row.owner_id ? { id: row.owner_id } : {}),
            name: row.owner_name,
          },
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
    ...(can(viewer, 'readStatusReason', factsOf(row))
      ? { statusCategory: row.status_category, statusDescription: row.status_description }
      : {}),
  }
}

/** The columns `documentColumns` selects. */
export interface DocumentListRow extends DocumentRecordRow, Record<string, unknown> {
  media_types: string[]
}

/** A document in a list of documents (own documents, validation). */
export const presentListItem = (row: DocumentListRow, viewer: Viewer): DocumentSummary => ({
  ...presentSummary(row, viewer),
  ...presentRecord(row, viewer),
  fileFormats: row.media_types.map(formatName),
})

/** What the document page selects besides `documentColumns`. */
export interface DocumentDetailRow extends DocumentListRow {
  description: string
  license: string
  woo_category: WooCategory | null
  source_url: string | null
  files: FileRows
  links: LinkRows
  harvest_source: string | null
  harvested_at: Date | null
  link_checks: LinkCheckRows
  temporal_start: string | null
  temporal_end: string | null
  spatial_uri: string | null
  /** The boxes of its GeoJSON columns (GEOJSON_BOXES), null for none. */
  boxes: BoundingBox[] | null
}

/** The document page, with what the viewer may do with it. */
export function presentDetail(row: DocumentDetailRow, viewer: Viewer): DocumentDetail {
  const facts = factsOf(row)
  return {
    ...presentSummary(row, viewer),
    ...presentRecord(row, viewer),
    description: row.description,
    license: row.license,
    wooCategory: row.woo_category,
    sourceUrl: row.source_url,
    // Why a file's text could not be read is for those who can act on it by editing.
    files: presentFiles(row.id, row.files, can(viewer, 'edit', facts)),
    links: presentLinks(row.links),
    harvest: presentHarvest(row.harvest_source, row.harvested_at),
    // What the link checker found is for those who can mend a link: owner and admins.
    ...(can(viewer, 'edit', facts) ? { linkChecks: presentLinkChecks(row.link_checks) } : {}),
    abilities: abilitiesOf(viewer, facts),
    coverage: {
      temporalStart: row.temporal_start,
      temporalEnd: row.temporal_end,
      spatial: row.spatial_uri,
      bbox: (row.boxes ?? []).reduce<BoundingBox | null>(unionBox, null),
    },
  }
}
