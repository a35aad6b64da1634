import type { ThesaurusEntry } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'

type NamedTable = 'content_types' | 'sources' | 'themes' | 'labels'

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

export async function listThemes(db: Queryable) {
  return db.query<{ id: string; name: string }>(
    'select id::text, name from themes order by lower(name)',
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
