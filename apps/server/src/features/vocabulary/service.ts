import { NO_VALUE_BUCKET, type Bucket, type ThesaurusEntry } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { visibleTo } from '../documents/index.ts'
import type { VocabularyKind } from './kind.ts'

/** The tables of named entries: the vocabularies and the catalogue's own lists. */
export type NamedTable = 'content_types' | 'sources' | VocabularyKind

/** Finds a vocabulary entry by name (case-insensitively), creating it when missing. */
export async function ensureNamed(db: Queryable, table: NamedTable, name: string) {
  const [row] = await db.query<{ id: string }>(
    `with found as (select id::text from ${table} where lower(name) = lower($1)),
          created as (insert into ${table} (name) select $1 where not exists (select 1 from found)
                      on conflict do nothing returning id::text)
     select id from found union all select id from created`,
    [name.trim()],
  )
  if (row) return row.id
  // Created concurrently by someone else between our read and write: read it now.
  const [again] = await db.query<{ id: string }>(
    `select id::text from ${table} where lower(name) = lower($1)`,
    [name.trim()],
  )
  if (!again) throw new Error(`could not create ${table} entry ${name}`)
  return again.id
}

/** Replaces the synonyms and related terms of a theme (creating the theme if needed). */
export async function saveThesaurusEntry(db: Queryable, entry: ThesaurusEntry) {
  const themeId = await ensureNamed(db, 'themes', entry.term)
  await db.query('delete from theme_terms where theme_id = $1', [themeId])
  await db.query(
    `insert into theme_terms (theme_id, kind, term)
     select $1, kind, btrim(term) from (
       select 'synonym' as kind, unnest($2::text[]) as term
       union all select 'related', unnest($3::text[])) t
     where btrim(term) <> ''
     on conflict do nothing`,
    [themeId, entry.synonyms, entry.related],
  )
  return themeId
}

/** Every theme or label, by name ignoring case. */
export async function listEntries(db: Queryable, vocabulary: VocabularyKind) {
  return db.query<{ id: string; name: string }>(
    `select id::text, name from ${vocabulary} order by lower(name)`,
  )
}

/** Every theme's thesaurus entry, or only that of the theme with this id. */
export async function loadThesaurus(db: Queryable, themeId?: string): Promise<ThesaurusEntry[]> {
  return db.query<ThesaurusEntry & Record<string, unknown>>(
    `select t.name as term,
            coalesce(array_agg(tt.term order by lower(tt.term)) filter (where tt.kind = 'synonym'), '{}') as synonyms,
            coalesce(array_agg(tt.term order by lower(tt.term)) filter (where tt.kind = 'related'), '{}') as related
       from themes t left join theme_terms tt on tt.theme_id = t.id
      where $1::uuid is null or t.id = $1::uuid
      group by t.id, t.name
      order by lower(t.name)`,
    [themeId ?? null],
  )
}

/** Each document's denormalised list of the vocabulary's names, and its 'none' bucket. */
const COUNTED: Record<VocabularyKind, { column: 'theme_names' | 'label_names'; noneKey: string }> =
  {
    themes: { column: 'theme_names', noneKey: NO_VALUE_BUCKET.tags },
    labels: { column: 'label_names', noneKey: NO_VALUE_BUCKET.labels },
  }

/** Documents per theme (or label) among those the viewer sees; the 'none' bucket last. */
export async function countDocuments(
  db: Queryable,
  viewer: Viewer,
  vocabulary: VocabularyKind,
): Promise<Bucket[]> {
  const { column, noneKey } = COUNTED[vocabulary]
  const params = new Params()
  const visible = visibleTo(viewer, params)
  const rows = await db.query<{ key: string; count: number; none: boolean }>(
    `select v.name as key, count(*)::int as count, false as none
       from documents d cross join unnest(d.${column}) as v(name)
      where ${visible} group by v.name
     union all
     select '', count(*)::int, true from documents d where ${visible} and d.${column} = '{}'
     order by none, count desc, key`,
    params.values,
  )
  return rows.flatMap((row) =>
    row.none ? (row.count > 0 ? [{ key: noneKey, count: row.count }] : []) : [row],
  )
}
