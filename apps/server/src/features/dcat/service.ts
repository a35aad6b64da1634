import { unionBox, type BoundingBox } from '@dataportaal/contract'
import { PUBLIC_VIEWER } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import {
  DATA_CONTENT_TYPES,
  GEOJSON_BOXES,
  PUBLISHED_BY_THE_CITY,
  visibleTo,
} from '../documents/index.ts'
import { historyVisibleTo } from '../history/index.ts'

/** Datasets on one page of the catalogue: data.overheid.nl harvests page by page. */
export const CATALOGUE_PAGE_SIZE = 100

export interface CatalogueFile {
  id: string
  fileName: string
  mediaType: string
  size: number
  /** The file's loaded tables (features/tables), by sheet (null: a file without sheets). */
  tables: Array<{ sheet: string | null }>
}

/** A harvested file: a link to it at its source (docs/harvesting.md). */
export interface CatalogueLink {
  id: string
  title: string
  url: string
  /** As the source names it (`CSV`, `WMS` …). */
  format: string | null
  mediaType: string | null
  size: number | null
}

/** An earlier file of a document that visitors may see (features/history). */
export interface CatalogueVersion {
  id: string
  version: number
  fileName: string
  mediaType: string
  size: number
  /** When the file was first stored, and when an edit replaced or removed it. */
  createdAt: Date
  replacedAt: Date
}

export interface CatalogueDataset {
  id: string
  title: string
  description: string
  license: string
  sourceUrl: string | null
  modifiedAt: Date
  publishedAt: Date
  /** The period it is about (ISO dates), either end open. */
  temporal: { start: string | null; end: string | null } | null
  /** The URI of the area it is about; null for the city's (the catalogue's default). */
  spatial: string | null
  /** Around the geometries of its GeoJSON files (their loaded tables' statistics). */
  bbox: BoundingBox | null
  /** The portal themes with their EU data theme code (null: not mapped). */
  themes: Array<{ name: string; euTheme: string | null }>
  files: CatalogueFile[]
  links: CatalogueLink[]
  /** Oldest first. */
  versions: CatalogueVersion[]
}

export interface CataloguePage {
  page: number
  lastPage: number
  totalItems: number
  datasets: CatalogueDataset[]
}

export interface CatalogueQuery {
  page: number
  modifiedSince?: Date | undefined
  pageSize?: number
}

type DatasetRow = {
  id: string
  title: string
  description: string
  license: string
  source_url: string | null
  modified_at: Date
  published_at: Date
  temporal_start: string | null
  temporal_end: string | null
  spatial_uri: string | null
  boxes: BoundingBox[] | null
  themes: Array<{ name: string; euTheme: string | null }>
  files: Array<{
    id: string
    fileName: string
    mediaType: string
    size: number | string
    tables: Array<{ sheet: string | null }>
  }>
  links: Array<Omit<CatalogueLink, 'size'> & { size: number | string | null }>
  versions: Array<{
    id: string
    version: number
    fileName: string
    mediaType: string
    size: number | string
    createdAt: string
    replacedAt: string
  }>
}

/**
 * Published documents of the data kinds (the decision: docs/publication.md), as SQL on `d`.
 * A harvested one is another catalogue's dataset: only in when the city publishes its source
 * (docs/harvesting.md), else data.overheid.nl would list it twice.
 */
function catalogueFilter(params: Params, modifiedSince: Date | undefined) {
  const kinds = params.add([...DATA_CONTENT_TYPES])
  const since = modifiedSince ? ` and d.modified_at > ${params.add(modifiedSince)}` : ''
  return `${visibleTo(PUBLIC_VIEWER, params)}
          and d.content_type_id in (select id from content_types where lower(name) = any(${kinds}::text[]))
          and ${PUBLISHED_BY_THE_CITY}${since}`
}

/**
 * One page of the catalogue, in the order of the documents' ids so that paging is stable
 * while documents change. Page 1 always exists (also empty); a later page past the last
 * one does not.
 */
export async function cataloguePage(db: Queryable, query: CatalogueQuery): Promise<CataloguePage> {
  const size = query.pageSize ?? CATALOGUE_PAGE_SIZE
  const countParams = new Params()
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from documents d where ${catalogueFilter(countParams, query.modifiedSince)}`,
    countParams.values,
  )
  const totalItems = count?.total ?? 0
  const lastPage = Math.max(1, Math.ceil(totalItems / size))
  if (query.page > lastPage) throw new NotFoundError('Deze pagina van de catalogus bestaat niet.')

  const params = new Params()
  const filter = catalogueFilter(params, query.modifiedSince)
  const rows = await db.query<DatasetRow>(
    `select d.id::text as id, d.title, d.description, d.license, d.source_url, d.modified_at,
            d.published_at, to_char(d.temporal_start, 'YYYY-MM-DD') as temporal_start,
            to_char(d.temporal_end, 'YYYY-MM-DD') as temporal_end, d.spatial_uri,
            ${GEOJSON_BOXES} as boxes,
            coalesce((select json_agg(json_build_object('name', t.name, 'euTheme', t.eu_theme)
                                      order by lower(t.name))
                        from document_themes dt join themes t on t.id = dt.theme_id
                       where dt.document_id = d.id), '[]'::json) as themes,
            coalesce((select json_agg(json_build_object('id', f.id::text, 'fileName', f.file_name,
                                                        'mediaType', f.media_type, 'size', f.size_bytes,
                                                        'tables', coalesce((
                                                          select json_agg(json_build_object('sheet', t.sheet)
                                                                          order by t.sheet_index)
                                                            from data_tables t
                                                           where t.file_id = f.id and t.load_status = 'geladen'),
                                                          '[]'::json))
                                      order by f.position, f.created_at, f.id)
                        from document_files f
                       where f.document_id = d.id), '[]'::json) as files,
            coalesce((select json_agg(json_build_object('id', l.id::text, 'title', l.title,
                                                        'url', l.url, 'format', l.format,
                                                        'mediaType', l.media_type, 'size', l.size_bytes)
                                      order by l.position)
                        from document_links l
                       where l.document_id = d.id), '[]'::json) as links,
            coalesce((select json_agg(json_build_object('id', v.id::text, 'version', v.version,
                                                        'fileName', v.file_name, 'mediaType', v.media_type,
                                                        'size', v.size_bytes, 'createdAt', v.created_at,
                                                        'replacedAt', v.replaced_at)
                                      order by v.version)
                        from document_versions v
                       where v.document_id = d.id
                         and ${historyVisibleTo(PUBLIC_VIEWER, params, 'v.replaced_at')}), '[]'::json) as versions
       from documents d
      where ${filter}
      order by d.id
      limit ${params.add(size)}::int offset ${params.add((query.page - 1) * size)}::int`,
    params.values,
  )
  return {
    page: query.page,
    lastPage,
    totalItems,
    datasets: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      license: row.license,
      sourceUrl: row.source_url,
      modifiedAt: row.modified_at,
      publishedAt: row.published_at,
      temporal:
        row.temporal_start || row.temporal_end
          ? { start: row.temporal_start, end: row.temporal_end }
          : null,
      spatial: row.spatial_uri,
      bbox: (row.boxes ?? []).reduce<BoundingBox | null>(unionBox, null),
      themes: row.themes,
      files: row.files.map((file) => ({ ...file, size: Number(file.size) })),
      links: row.links.map((link) => ({
        ...link,
        size: link.size === null ? null : Number(link.size),
      })),
      versions: row.versions.map((version) => ({
        ...version,
        size: Number(version.size),
        createdAt: new Date(version.createdAt),
        replacedAt: new Date(version.replacedAt),
      })),
    })),
  }
}
