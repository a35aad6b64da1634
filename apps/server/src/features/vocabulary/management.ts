import type { ManagedVocabularyItem, ThesaurusEdit, ThesaurusEntry } from '@dataportaal/contract'
import { isAdmin, type Employee, type Viewer } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { HttpProblem } from '../../http/problem.ts'
import { recordAudit } from '../audit/record.ts'
import { refreshSearchIndex } from '../documents/search-index.ts'
import { themesWithSynonym } from '../classification/vocabulary-match.ts'
import { loadThesaurus } from './service.ts'

/** Themes ("tags") or labels. */
export type ManagedVocabulary = 'themes' | 'labels'

/** Creating, deleting and editing themes, labels and the thesaurus is for admins. */
export const canManageVocabulary = (viewer: Viewer): viewer is Employee => isAdmin(viewer)

const TABLES: Record<
  ManagedVocabulary,
  { link: string; key: string; singular: 'theme' | 'label'; noun: string; missing: string }
> = {
  themes: {
    link: 'document_themes',
    key: 'theme_id',
    singular: 'theme',
    noun: 'thema',
    missing: 'Dit thema bestaat niet.',
  },
  labels: {
    link: 'document_labels',
    key: 'label_id',
    singular: 'label',
    noun: 'label',
    missing: 'Dit label bestaat niet.',
  },
}

function manager(viewer: Viewer): Employee {
  if (!canManageVocabulary(viewer)) {
    throw new HttpProblem(403, 'Alleen beheerders beheren thema’s en labels.')
  }
  return viewer
}

/** 409 that names the field (`body.name`, `body.synonyms`, …) so a form can show it there. */
const conflict = (field: 'name' | 'synonyms' | 'related', message: string) =>
  new HttpProblem(409, message, [{ path: `body.${field}`, message }])

/** Every entry with the number of documents (not deleted, any status) that carry it. */
export async function listManaged(
  db: Queryable,
  viewer: Viewer,
  vocabulary: ManagedVocabulary,
): Promise<ManagedVocabularyItem[]> {
  manager(viewer)
  const { link, key } = TABLES[vocabulary]
  return db.query<ManagedVocabularyItem & Record<string, unknown>>(
    `select v.id::text as id, v.name, count(d.id)::int as documents
       from ${vocabulary} v
       left join ${link} link on link.${key} = v.id
       left join documents d on d.id = link.document_id and d.deleted_at is null
      group by v.id, v.name
      order by lower(v.name), v.name`,
  )
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
 * 409, and so is a new theme named like another theme's synonym: search could no longer tell
 * which theme the word stands for.
 */
export async function createManaged(
  db: Db,
  viewer: Viewer,
  vocabulary: ManagedVocabulary,
  name: string,
): Promise<string> {
  const admin = manager(viewer)
  const { noun, singular } = TABLES[vocabulary]
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
 * Deletes a theme or label (name ignoring case; 404 when there is none). It leaves every
 * document that carried it in the same transaction: their theme and label lists and search
 * index are brought up to date, and each gets an audit row like a removal by hand. Followers
 * and thesaurus terms of a theme go with it (the foreign keys cascade).
 */
export async function deleteManaged(
  db: Db,
  viewer: Viewer,
  vocabulary: ManagedVocabulary,
  name: string,
): Promise<void> {
  const admin = manager(viewer)
  const { link, key, singular, missing } = TABLES[vocabulary]
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
    if (!entry) throw new HttpProblem(404, missing)
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
  viewer: Viewer,
  name: string,
  edit: ThesaurusEdit,
): Promise<ThesaurusEntry> {
  const admin = manager(viewer)
  const synonyms = distinctTerms(edit.synonyms)
  const related = distinctTerms(edit.related)
  return db.transaction(async (tx) => {
    const [theme] = await tx.query<{ id: string; name: string }>(
      'select id::text, name from themes where lower(name) = lower($1) for update',
      [name],
    )
    if (!theme) throw new HttpProblem(404, TABLES.themes.missing)
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
