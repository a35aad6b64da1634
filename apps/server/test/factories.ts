import type { DocumentStatus, WooCategory } from '@dataportaal/contract'
import type { Queryable } from '../src/db/client.ts'
import { refreshSearchIndex } from '../src/features/documents/index.ts'
import { markScannedClean } from '../src/features/privacy/testing.ts'
import { ensureNamed, saveThesaurusEntry } from '../src/features/vocabulary/service.ts'
import type { TestIdentity } from './app.ts'

export async function ensureEmployee(db: Queryable, identity: TestIdentity) {
  await db.query(
    `insert into employees (id, email, display_name) values ($1, $2, $3) on conflict (id) do nothing`,
    [identity.oid, identity.email, identity.name],
  )
  return identity.oid
}

export interface DocumentSpec {
  title: string
  description?: string
  status?: DocumentStatus
  contentType?: string
  source?: string
  themes?: string[]
  labels?: string[]
  date?: string
  owner?: TestIdentity
  fileText?: string
  file?: { fileName: string; mediaType: string; sha256: string; size: number }
  ratings?: Array<{ by: TestIdentity; rating: number }>
  deleted?: boolean
  wooCategory?: WooCategory
  /** As stored: a URI of the EU licence list or free text; the database's default (CC0) if absent. */
  license?: string
}

/** A document as a test needs it, indexed for search like any other. */
export async function createDocument(db: Queryable, spec: DocumentSpec): Promise<string> {
  const contentTypeId = await ensureNamed(db, 'content_types', spec.contentType ?? 'Dataset')
  const sourceId = await ensureNamed(db, 'sources', spec.source ?? 'Onderzoek en Statistiek')
  const ownerId = spec.owner ? await ensureEmployee(db, spec.owner) : null
  const status = spec.status ?? 'goedgekeurd'
  const [row] = await db.query<{ id: string }>(
    `insert into documents (title, description, content_type_id, source_id, status, status_category,
                            status_description, owner_id, document_date, published_at, deleted_at,
                            woo_category)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, $11, $12) returning id::text`,
    [
      spec.title,
      spec.description ?? '',
      contentTypeId,
      sourceId,
      status,
      status === 'afgekeurd' ? 'Onvolledig' : null,
      status === 'afgekeurd' ? 'Er ontbreekt een toelichting.' : null,
      ownerId,
      spec.date ?? '2024-01-15',
      status === 'goedgekeurd' ? new Date() : null,
      spec.deleted ? new Date() : null,
      spec.wooCategory ?? null,
    ],
  )
  const id = row!.id
  if (spec.license !== undefined) {
    await db.query('update documents set license = $2 where id = $1', [id, spec.license])
  }
  for (const theme of spec.themes ?? []) {
    const themeId = await ensureNamed(db, 'themes', theme)
    await db.query('insert into document_themes (document_id, theme_id) values ($1, $2)', [
      id,
      themeId,
    ])
  }
  for (const label of spec.labels ?? []) {
    const labelId = await ensureNamed(db, 'labels', label)
    await db.query('insert into document_labels (document_id, label_id) values ($1, $2)', [
      id,
      labelId,
    ])
  }
  if (spec.fileText !== undefined || spec.file) {
    const file = spec.file ?? {
      fileName: 'bijlage.csv',
      mediaType: 'text/csv',
      sha256: 'a'.repeat(64),
      size: 10,
    }
    await db.query(
      `insert into document_files (document_id, file_name, media_type, size_bytes, sha256,
                                   extraction_status, extracted_text)
       values ($1, $2, $3, $4, $5, 'done', $6)`,
      [id, file.fileName, file.mediaType, file.size, file.sha256, spec.fileText ?? ''],
    )
  }
  for (const { by, rating } of spec.ratings ?? []) {
    await ensureEmployee(db, by)
    await db.query('insert into ratings (employee_id, document_id, rating) values ($1, $2, $3)', [
      by.oid,
      id,
      rating,
    ])
  }
  if (spec.ratings?.length) {
    await db.query(
      `update documents set rating_count = s.n, rating_avg = s.avg
         from (select count(*)::int as n, avg(rating)::real as avg from ratings where document_id = $1) s
        where id = $1`,
      [id],
    )
  }
  // Checked for personal data with nothing found, as a scan would have left it.
  await markScannedClean(db, id)
  await refreshSearchIndex(db, [id])
  return id
}

export const addSynonyms = (db: Queryable, term: string, synonyms: string[]) =>
  saveThesaurusEntry(db, { term, synonyms, related: [] })
