import type { ManagedVocabularyItem, ThesaurusEdit, ThesaurusEntry } from '@dataportaal/contract'
import type { Admin } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { ConflictError, fieldError, NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'
import { refreshSearchIndex } from '../documents/index.ts'
import { VOCABULARY_LINKS, type VocabularyKind } from './kind.ts'
import { themesWithSynonym } from './lookup.ts'
import { loadThesaurus } from './service.ts'

/*
 * Creating, deleting and editing themes, labels and the thesaurus is for admins: the routes
 * declare `config.access: 'admin'`, so every function here is handed an admin.
 */

/** How an admin's messages name each vocabulary's entries. */
export const WORDS: Record<VocabularyKind, { noun: string; missing: string }> = {
  themes: { noun: 'thema', missing: 'Dit thema bestaat niet.' },
  labels: { noun: 'label', missing: 'Dit label bestaat niet.' },
}

/** A conflict that names the field (`name`, `synonyms`, …) so a form can show it there. */
const conflict = (field: 'name' | 'synonyms' | 'related', message: string) =>
  new ConflictError(message, [fieldError(field, message)])

/**
 * Entries with the number of documents (not deleted, any status) that carry them, and for
 * themes their EU data theme; all of them, or the one with this id.
 */
function selectManaged(
  db: Queryable,
  vocabulary: VocabularyKind,
  id?: string,
): Promise<ManagedVocabularyItem[]> {
  const { table: link, key } = VOCABULARY_LINKS[vocabulary]
  // Labels have no EU data theme: the field is left out, not null.
  const euTheme = vocabulary === 'themes' ? ', v.eu_theme as "euTheme"' : ''
  return db.query<ManagedVocabularyItem & Record<string, unknown>>(
    `select v.id::text as id, v.name, count(d.id)::int as documents${euTheme}
       from ${vocabulary} v
       left join ${link} link on link.${key} = v.id
       left join documents d on d.id = link.document_id and d.deleted_at is null
      ${id === undefined ? '' : 'where v.id = $1::uuid'}
      group by v.id
      order by lower(v.name), v.name`,
    id === undefined ? [] : [id],
  )
}

/** Every entry with its number of documents (and EU data theme for themes), sorted by name. */
export const listManaged = (db: Queryable, vocabulary: VocabularyKind) =>
  selectManaged(db, vocabulary)

/** One theme as the admin list shows it. */
export async function managedTheme(db: Queryable, id: string): Promise<ManagedVocabularyItem> {
  const [item] = await selectManaged(db, 'themes', id)
  if (!item) throw new Error(`theme ${id} vanished within its transaction`)
  return item
}

/**
 * Theme names and synonyms must not collide; checking and writing them takes turns, so two
 * admins cannot add the same word to two themes at the same moment. Held until commit.
 */
async function lockThemeNames(tx: Queryable) {
  await tx.query(`select pg_advisory_xact_lock(hashtext('portal:theme-names'))`)
}

/**
 * Adds a theme or label and answers its id. A name in use (ignoring case) is refused with
 * a conflict, and so is a new theme named like another theme's synonym: search could no
 * longer tell which theme the word stands for.
 */
export async function createManaged(
  db: Db,
  admin: Admin,
  vocabulary: VocabularyKind,
  name: string,
): Promise<string> {
  const { singular } = VOCABULARY_LINKS[vocabulary]
  const { noun } = WORDS[vocabulary]
  return db.transaction(async (tx) => {
    if (vocabulary === 'themes') {
      await lockThemeNames(tx)
      const [owner] = await themesWithSynonym(tx, name)
      if (owner) {
        throw conflict('name', `‘${name}’ is al een synoniem van het thema ${owner.name}.`)
      }
    }
    const [created] = await tx.query<{ id: string }>(
      `insert into ${vocabulary} (name) values ($1) on conflict do nothing returning id::text`,
      [name],
    )
    if (!created) {
      const [existing] = await tx.query<{ name: string }>(
        `select name from ${vocabulary} where lower(name) = lower($1)`,
        [name],
      )
      throw conflict('name', `Er bestaat al een ${noun} met deze naam: ${existing?.name ?? name}.`)
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: `${singular}_created`,
      details: { [singular]: name },
    })
    return created.id
  })
}

/**
 * Deletes a theme or label (name ignoring case; not found when there is none). It leaves every
 * document that carried it in the same transaction: their theme and label lists and search
 * index are brought up to date, and each gets an audit row like a removal by hand. Followers
 * and thesaurus terms of a theme go with it (the foreign keys cascade).
 */
export async function deleteManaged(
  db: Db,
  admin: Admin,
  vocabulary: VocabularyKind,
  name: string,
): Promise<void> {
  const { table: link, key, singular } = VOCABULARY_LINKS[vocabulary]
  const { missing } = WORDS[vocabulary]
  await db.transaction(async (tx) => {
    // Documents first, in id order, as attaching and removing by hand lock them: the
    // entry's row is locked after, so this never waits in a circle with those.
    await tx.query(
      `select d.id from documents d
        where d.id in (select link.document_id from ${link} link join ${vocabulary} v on v.id = link.${key}
                        where lower(v.name) = lower($1))
        order by d.id for no key update`,
      [name],
    )
    const [entry] = await tx.query<{ id: string; name: string }>(
      `select id::text, name from ${vocabulary} where lower(name) = lower($1) for update`,
      [name],
    )
    if (!entry) throw new NotFoundError(missing)
    const documents = await tx.query<{ id: string; title: string }>(
      `select d.id::text as id, d.title from ${link} link join documents d on d.id = link.document_id
        where link.${key} = $1 order by d.id`,
      [entry.id],
    )
    await tx.query(`delete from ${vocabulary} where id = $1`, [entry.id])
    await refreshSearchIndex(
      tx,
      documents.map((document) => document.id),
    )
    for (const document of documents) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: `${singular}_removed`,
        document,
        details: { [singular]: entry.name },
      })
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: `${singular}_deleted`,
      details: { [singular]: entry.name, documents: documents.length },
    })
  })
}

/** Trimmed terms, each once (ignoring case), in the order given. */
function distinctTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>()
  return terms.filter((term) => {
    const key = term.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * Why these terms cannot belong to the theme, if they cannot: a synonym must stand for this
 * theme alone (not be its own name, another theme's name or another theme's synonym), and a
 * term is either a synonym or a related term. Related terms may name other themes.
 */
async function checkTerms(
  tx: Queryable,
  theme: { id: string; name: string },
  synonyms: string[],
  related: string[],
) {
  const own = theme.name.toLowerCase()
  for (const field of ['synonyms', 'related'] as const) {
    const term = (field === 'synonyms' ? synonyms : related).find(
      (candidate) => candidate.toLowerCase() === own,
    )
    if (term) throw conflict(field, `‘${term}’ is de naam van dit thema zelf.`)
  }
  const synonymKeys = new Set(synonyms.map((term) => term.toLowerCase()))
  const both = related.find((term) => synonymKeys.has(term.toLowerCase()))
  if (both) throw conflict('related', `‘${both}’ staat al bij de synoniemen.`)
  if (synonyms.length === 0) return
  const [clash] = await tx.query<{ term: string; theme: string; kind: 'name' | 'synonym' }>(
    `select s.term, t.name as theme, 'name' as kind
       from unnest($1::text[]) as s(term) join themes t on lower(t.name) = lower(s.term)
      where t.id <> $2::uuid
     union all
     select s.term, t.name, 'synonym'
       from unnest($1::text[]) as s(term)
       join theme_terms tt on tt.kind = 'synonym' and lower(tt.term) = lower(s.term)
       join themes t on t.id = tt.theme_id
      where t.id <> $2::uuid
      order by 1, 2 limit 1`,
    [synonyms, theme.id],
  )
  if (!clash) return
  throw conflict(
    'synonyms',
    clash.kind === 'name'
      ? `‘${clash.term}’ is de naam van een ander thema en kan geen synoniem zijn.`
      : `‘${clash.term}’ is al een synoniem van het thema ${clash.theme}.`,
  )
}

/**
 * Replaces a theme's synonyms and related terms (the thesaurus) and answers its entry.
 * Search reads the thesaurus on every query, so the change counts from the next search on.
 */
export async function saveThesaurusTerms(
  db: Db,
  admin: Admin,
  name: string,
  edit: ThesaurusEdit,
): Promise<ThesaurusEntry> {
  const synonyms = distinctTerms(edit.synonyms)
  const related = distinctTerms(edit.related)
  return db.transaction(async (tx) => {
    const [theme] = await tx.query<{ id: string; name: string }>(
      'select id::text, name from themes where lower(name) = lower($1) for update',
      [name],
    )
    if (!theme) throw new NotFoundError(WORDS.themes.missing)
    await lockThemeNames(tx)
    await checkTerms(tx, theme, synonyms, related)
    await tx.query('delete from theme_terms where theme_id = $1', [theme.id])
    await tx.query(
      `insert into theme_terms (theme_id, kind, term)
       select $1::uuid, 'synonym', unnest($2::text[])
       union all select $1::uuid, 'related', unnest($3::text[])`,
      [theme.id, synonyms, related],
    )
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'thesaurus_changed',
      details: { theme: theme.name, synonyms, related },
    })
    const [entry] = await loadThesaurus(tx, theme.id)
    return entry ?? { term: theme.name, synonyms, related }
  })
}
