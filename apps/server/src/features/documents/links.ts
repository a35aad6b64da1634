import {
  linkStateOf,
  type DocumentHarvest,
  type DocumentLink,
  type LinkCheck,
} from '@dataportaal/contract'

/*
 * What a harvested document has instead of files (docs/harvesting.md): links to the files
 * at its source, never copies, and where and when a run found it.
 */

/** A document's links as `LINKS_JSON` selects them. */
export type LinkRows = Array<{
  id: string
  title: string
  url: string
  format: string | null
  mediaType: string | null
  size: number | string | null
}>

/** The links of document `d`, in their order, as one JSON array (a select expression). */
export const LINKS_JSON = `coalesce((select json_agg(json_build_object('id', l.id, 'title', l.title,
                        'url', l.url, 'format', l.format, 'mediaType', l.media_type,
                        'size', l.size_bytes) order by l.position)
                        from document_links l where l.document_id = d.id), '[]')`

/** The harvest source's name of document `d`, null for one the portal holds itself. */
export const HARVEST_SOURCE_NAME = `(select hs.name from harvest_sources hs
                                      where hs.id = d.harvest_source_id)`

// A bigint in JSON stays a number; the conversion also takes one a driver gave as a string.
export const presentLinks = (links: LinkRows): DocumentLink[] =>
  links.map((link) => ({ ...link, size: link.size === null ? null : Number(link.size) }))

export const presentHarvest = (
  source: string | null,
  harvestedAt: Date | null,
): DocumentHarvest | null =>
  source === null || harvestedAt === null
    ? null
    : { source, harvestedAt: harvestedAt.toISOString() }

/**
 * What the link checker recorded of document `d`'s links and source page (a select
 * expression); each URL looked up by its key.
 */
export const LINK_CHECKS_JSON = `coalesce((select json_agg(json_build_object('url', c.url,
                        'failures', c.failures_in_a_row, 'status', c.last_status,
                        'error', c.last_error, 'checkedAt', c.last_checked_at,
                        'brokenSince', c.broken_since) order by c.url)
                        from (select l.url from document_links l where l.document_id = d.id
                              union select d.source_url) u
                        join link_checks c on c.url = u.url), '[]')`

export type LinkCheckRows = Array<{
  url: string
  failures: number
  status: number | null
  error: string | null
  checkedAt: string | null
  brokenSince: string | null
}>

// Timestamps come out of json_build_object as PostgreSQL writes them; ISO again here.
const isoOrNull = (value: string | null) => (value === null ? null : new Date(value).toISOString())

export const presentLinkChecks = (rows: LinkCheckRows): LinkCheck[] =>
  rows.map((row) => ({
    url: row.url,
    state: linkStateOf({ failuresInARow: row.failures, checked: row.checkedAt !== null }),
    lastStatus: row.status,
    lastError: row.error,
    lastCheckedAt: isoOrNull(row.checkedAt),
    brokenSince: isoOrNull(row.brokenSince),
  }))
