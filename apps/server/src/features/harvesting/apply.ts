import type { HarvestCounts } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { refreshSearchIndex } from '../documents/index.ts'
import { requestPrivacyScans } from '../privacy/index.ts'
import { recordDocumentEvents } from '../subscriptions/index.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { HARVEST_CONTENT_TYPE, type MappedItem, type MappedSource } from './map.ts'

/** A run stopped on purpose, with a message (Dutch) the report shows as it is. */
export class HarvestRunError extends Error {
  override readonly name = 'HarvestRunError'
}

export interface SourceToApply {
  id: string
  sourceName: string
  trusted: boolean
}

export type AppliedCounts = Omit<HarvestCounts, 'refused'>

interface ExistingDocument {
  id: string
  identifier: string
  fingerprint: string | null
  deleted: boolean
  withdrawn: boolean
}

/** The columns of a document a run writes, one array per column for `unnest`. */
const documentColumns = (items: readonly MappedItem[]) => [
  items.map((item) => item.title),
  items.map((item) => item.description),
  items.map((item) => item.licence),
  items.map((item) => item.date),
  items.map((item) => item.sourceUrl),
  items.map((item) => item.fingerprint),
]

async function insertDocuments(
  tx: Queryable,
  source: SourceToApply,
  items: readonly MappedItem[],
  ids: { contentType: string; source: string },
) {
  if (items.length === 0) return new Map<string, string>()
  const rows = await tx.query<{ id: string; identifier: string }>(
    `insert into documents (title, description, license, document_date, source_url,
                            harvest_fingerprint, harvest_identifier, content_type_id, source_id,
                            harvest_source_id, harvested_at, status, published_at)
     select x.title, x.description, x.licence, coalesce(x.date, current_date), x.source_url,
            x.fingerprint, x.identifier, $8, $9, $10, now(),
            case when $11 then 'goedgekeurd' else 'openstaand' end,
            case when $11 then now() end
       from unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::text[], $6::text[], $7::text[])
            as x(title, description, licence, date, source_url, fingerprint, identifier)
     returning id::text, harvest_identifier as identifier`,
    [
      ...documentColumns(items),
      items.map((item) => item.identifier),
      ids.contentType,
      ids.source,
      source.id,
      source.trusted,
    ],
  )
  return new Map(rows.map((row) => [row.identifier, row.id]))
}

/**
 * Writes new content over documents (and brings back withdrawn ones). A trusted source's
 * documents keep their status. An untrusted source's go back to `openstaand`, out of public
 * view until an admin approves them again, as after an employee's edit (decisions.md): an
 * approval is of the text that was approved, not of whatever the source says next.
 */
async function updateDocuments(
  tx: Queryable,
  source: SourceToApply,
  items: readonly { id: string; item: MappedItem }[],
  ids: { contentType: string; source: string },
) {
  if (items.length === 0) return
  const mapped = items.map(({ item }) => item)
  // modified_by: the source wrote this text, no employee, so none is kept from validating it.
  await tx.query(
    `update documents d
        set title = x.title, description = x.description, license = x.licence,
            document_date = coalesce(x.date, d.document_date), source_url = x.source_url,
            harvest_fingerprint = x.fingerprint, content_type_id = $8, source_id = $9,
            harvested_at = now(), modified_at = now(), modified_by = null, deleted_at = null,
            withdrawn_at = null,
            status = case when $10 then d.status else 'openstaand' end,
            status_category = case when $10 then d.status_category end,
            status_description = case when $10 then d.status_description end,
            published_at = case when $10 then d.published_at end
       from unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::text[], $6::text[], $7::uuid[])
            as x(title, description, licence, date, source_url, fingerprint, id)
      where d.id = x.id`,
    [
      ...documentColumns(mapped),
      items.map(({ id }) => id),
      ids.contentType,
      ids.source,
      source.trusted,
    ],
  )
}

/** Replaces the themes and links of these documents with those of their items. */
async function writeThemesAndLinks(
  tx: Queryable,
  written: readonly { id: string; item: MappedItem }[],
) {
  if (written.length === 0) return
  const ids = written.map(({ id }) => id)
  await tx.query('delete from document_themes where document_id = any($1::uuid[])', [ids])
  await tx.query('delete from document_links where document_id = any($1::uuid[])', [ids])
  await tx.query(
    `update documents d set temporal_start = x.temporal_start, temporal_end = x.temporal_end,
            spatial_uri = x.spatial
       from unnest($1::uuid[], $2::date[], $3::date[], $4::text[])
            as x(id, temporal_start, temporal_end, spatial)
      where d.id = x.id`,
    [
      ids,
      written.map(({ item }) => item.temporalStart),
      written.map(({ item }) => item.temporalEnd),
      written.map(({ item }) => item.spatial),
    ],
  )
  const themes = written.flatMap(({ id, item }) => item.themes.map((name) => ({ id, name })))
  // A theme an admin deleted during the run is simply not linked.
  await tx.query(
    `insert into document_themes (document_id, theme_id)
     select x.id, t.id from unnest($1::uuid[], $2::text[]) as x(id, name)
       join themes t on lower(t.name) = lower(x.name)
     on conflict do nothing`,
    [themes.map((theme) => theme.id), themes.map((theme) => theme.name)],
  )
  const links = written.flatMap(({ id, item }) =>
    item.links.map((link, position) => ({ id, position, ...link })),
  )
  await tx.query(
    `insert into document_links (document_id, position, title, url, format, media_type, size_bytes)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
                          $7::bigint[])`,
    [
      links.map((link) => link.id),
      links.map((link) => link.position),
      links.map((link) => link.title),
      links.map((link) => link.url),
      links.map((link) => link.format),
      links.map((link) => link.mediaType),
      links.map((link) => link.size),
    ],
  )
}

/**
 * Brings a source's documents in step with what a run mapped: new records are inserted,
 * changed ones updated, withdrawn ones listed again restored (both wait for validation again
 * when the source is not trusted), and live documents the source no longer lists withdrawn. Call it in one transaction: a failure changes nothing.
 */
export async function applyRun(
  tx: Queryable,
  source: SourceToApply,
  mapped: Pick<MappedSource, 'items' | 'listed'>,
): Promise<AppliedCounts> {
  // One run at a time writes a source's documents, whichever node runs it.
  await tx.query('select id from harvest_sources where id = $1 for update', [source.id])
  const existing = await tx.query<ExistingDocument & Record<string, unknown>>(
    `select id::text, harvest_identifier as identifier, harvest_fingerprint as fingerprint,
            deleted_at is not null as deleted, withdrawn_at is not null as withdrawn
       from documents where harvest_source_id = $1`,
    [source.id],
  )
  const live = existing.filter((document) => !document.deleted)
  if (mapped.listed.size === 0 && live.length > 0) {
    throw new HarvestRunError('De bron gaf geen enkel record; er is niets ingetrokken.')
  }
  const ids = {
    contentType: await ensureNamed(tx, 'content_types', HARVEST_CONTENT_TYPE),
    source: await ensureNamed(tx, 'sources', source.sourceName),
  }
  const byIdentifier = new Map(existing.map((document) => [document.identifier, document]))
  const created: MappedItem[] = []
  const changed: { id: string; item: MappedItem }[] = []
  const unchanged: string[] = []
  let leftDeleted = 0
  for (const item of mapped.items) {
    const document = byIdentifier.get(item.identifier)
    if (!document) created.push(item)
    else if (document.withdrawn) changed.push({ id: document.id, item })
    // An admin deleted it: the source listing it again does not bring it back.
    else if (document.deleted) leftDeleted += 1
    else if (document.fingerprint === item.fingerprint) unchanged.push(document.id)
    else changed.push({ id: document.id, item })
  }

  const insertedIds = await insertDocuments(tx, source, created, ids)
  await updateDocuments(tx, source, changed, ids)
  await tx.query('update documents set harvested_at = now() where id = any($1::uuid[])', [
    unchanged,
  ])
  const written = [
    ...created.map((item) => ({ id: insertedIds.get(item.identifier) ?? '', item })),
    ...changed,
  ]
  await writeThemesAndLinks(tx, written)
  // Harvested records are checked on their metadata: an untrusted source's wait for validation.
  await requestPrivacyScans(
    tx,
    written.map(({ id }) => id),
    { bulk: true },
  )
  const withdrawn = await tx.query<{ id: string; title: string; status: string }>(
    `update documents set deleted_at = now(), withdrawn_at = now()
      where harvest_source_id = $1 and deleted_at is null
        and not (harvest_identifier = any($2::text[]))
      returning id::text, title, status`,
    [source.id, [...mapped.listed]],
  )
  // Who follows a withdrawn document is told, as when its owner deletes one (uploads).
  await recordDocumentEvents(
    tx,
    withdrawn.filter((document) => document.status === 'goedgekeurd'),
    'ingetrokken',
  )
  await refreshSearchIndex(
    tx,
    written.map(({ id }) => id),
  )
  return {
    created: created.length,
    updated: changed.length,
    withdrawn: withdrawn.length,
    unchanged: unchanged.length + leftDeleted,
  }
}
