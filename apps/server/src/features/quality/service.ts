import {
  httpUrl,
  qualityInputOf,
  scoreQuality,
  summariseQuality,
  type CatalogueQuality,
  type DocumentQuality,
  type LinkState,
} from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { linkStates } from '../links/states.ts'

type QualityRow = {
  id: string
  license: string
  source_url: string | null
  temporal_start: string | null
  temporal_end: string | null
  spatial_uri: string | null
  themes: number
  files: Array<{ mediaType: string; size: number | string }>
  links: Array<{
    url: string
    format: string | null
    mediaType: string | null
    size: number | string | null
  }>
}

/**
 * The metadata-quality score of documents (contract scoreQuality, docs/publication.md), from
 * what the catalogue publishes for them: their themes as keywords, their period, their area
 * (the city's, `defaultSpatial`, when they name none), their licence, files and links, with
 * what the link checker knows of each external link.
 */
export async function qualityOf(
  db: Queryable,
  defaultSpatial: string,
  ids: readonly string[],
): Promise<Map<string, DocumentQuality>> {
  if (ids.length === 0) return new Map()
  const rows = await db.query<QualityRow>(
    `select d.id::text as id, d.license, d.source_url,
            to_char(d.temporal_start, 'YYYY-MM-DD') as temporal_start,
            to_char(d.temporal_end, 'YYYY-MM-DD') as temporal_end, d.spatial_uri,
            (select count(*)::int from document_themes dt where dt.document_id = d.id) as themes,
            coalesce((select json_agg(json_build_object('mediaType', f.media_type, 'size', f.size_bytes))
                        from document_files f where f.document_id = d.id), '[]'::json) as files,
            coalesce((select json_agg(json_build_object('url', l.url, 'format', l.format,
                                                        'mediaType', l.media_type, 'size', l.size_bytes))
                        from document_links l where l.document_id = d.id), '[]'::json) as links
       from documents d where d.id = any($1::uuid[])`,
    [[...ids]],
  )
  // The link checker knows the URLs as the catalogue publishes them (httpUrl, dcat graph.ts).
  const external = rows.flatMap((row) =>
    [...row.links.map((link) => link.url), row.source_url].flatMap((url) => {
      const published = httpUrl(url)
      return published ? [published] : []
    }),
  )
  const states = await linkStates(db, external)
  const state = (url: string): LinkState => states.get(url) ?? 'onbekend'
  const scores = new Map<string, DocumentQuality>()
  for (const row of rows) {
    // Only http(s) links are published (dcat graph.ts), so only they count.
    const links = row.links.flatMap((link) => {
      const url = httpUrl(link.url)
      if (!url) return []
      const size = link.size === null ? null : Number(link.size)
      return [{ url, format: link.format, mediaType: link.mediaType, size, state: state(url) }]
    })
    const source = httpUrl(row.source_url)
    const input = qualityInputOf({
      themes: row.themes,
      temporal:
        row.temporal_start || row.temporal_end
          ? { start: row.temporal_start, end: row.temporal_end }
          : null,
      spatial: row.spatial_uri ?? defaultSpatial,
      licence: row.license,
      files: row.files.map((file) => ({ mediaType: file.mediaType, size: Number(file.size) })),
      links,
      source: source ? { url: source, state: state(source) } : null,
    })
    scores.set(row.id, scoreQuality(input))
  }
  return scores
}

/**
 * Documents with their quality score added, for those who may edit them (owner, admin): the
 * document page and the validation list.
 */
export async function withQuality<T extends { contentUID: string }>(
  db: Queryable,
  defaultSpatial: string,
  documents: readonly T[],
): Promise<T[]> {
  const scores = await qualityOf(
    db,
    defaultSpatial,
    documents.map((document) => document.contentUID),
  )
  return documents.map((document) => {
    const quality = scores.get(document.contentUID)
    return quality ? { ...document, quality } : document
  })
}

/** The name the dashboard gives the portal's own documents (not harvested). */
export const OWN_CATALOGUE = 'Eigen documenten'

/**
 * The metadata quality of the published documents per catalogue: the portal's own, then each
 * harvest source's by name.
 */
export async function catalogueQuality(
  db: Queryable,
  defaultSpatial: string,
): Promise<CatalogueQuality[]> {
  const rows = await db.query<{ id: string; source: string | null }>(
    `select d.id::text as id, hs.name as source
       from documents d left join harvest_sources hs on hs.id = d.harvest_source_id
      where d.status = 'goedgekeurd' and d.deleted_at is null`,
  )
  const scores = await qualityOf(
    db,
    defaultSpatial,
    rows.map((row) => row.id),
  )
  const byCatalogue = new Map<string | null, DocumentQuality[]>()
  for (const row of rows) {
    const quality = scores.get(row.id)
    if (!quality) continue
    byCatalogue.set(row.source, [...(byCatalogue.get(row.source) ?? []), quality])
  }
  return [...byCatalogue]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b, 'nl')))
    .map(([source, list]) =>
      summariseQuality({ name: source ?? OWN_CATALOGUE, own: source === null }, list),
    )
}
