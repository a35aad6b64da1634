import type { Queryable } from '../../db/client.ts'
import { fieldError, InvalidInputError } from '../../shared/errors.ts'
import type { VocabularyKind } from './kind.ts'

export interface VocabularyEntry {
  id: string
  name: string
}

export const NOT_IN_VOCABULARY: Record<VocabularyKind, string> = {
  themes: 'Dit thema bestaat niet. Kies een thema uit de lijst.',
  labels: 'Dit label bestaat niet. Kies een label uit de lijst.',
}

/**
 * Locking for key share keeps an entry until the transaction ends: an admin deleting it at
 * the same moment waits, or, having deleted it first, makes the lookup find nothing, so a
 * link to it is never left dangling. Only lookups that are about to link to it lock.
 */
const forLinking = (lock: boolean, table?: string) =>
  lock ? `for key share${table ? ` of ${table}` : ''}` : ''

/** The entry of exactly this name, ignoring case (names are unique that way). */
export async function findByName(
  db: Queryable,
  vocabulary: VocabularyKind,
  name: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<VocabularyEntry | undefined> {
  const [row] = await db.query<{ id: string; name: string }>(
    `select id::text, name from ${vocabulary} where lower(name) = lower($1) ${forLinking(lock)}`,
    [name.trim()],
  )
  return row
}

/** The themes that have this term as a thesaurus synonym, ignoring case, by name. */
export async function themesWithSynonym(
  db: Queryable,
  term: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<VocabularyEntry[]> {
  return db.query<{ id: string; name: string }>(
    `select t.id::text, t.name from theme_terms tt join themes t on t.id = tt.theme_id
      where tt.kind = 'synonym' and lower(tt.term) = lower($1)
      order by lower(t.name)
      ${forLinking(lock, 't')}`,
    [term.trim()],
  )
}

/** Refused on the field that carried the name; the HTTP layer knows where that field sits. */
const invalidName = (field: string, message: string) =>
  new InvalidInputError(message, [fieldError(field, message)])

/**
 * What a name typed in a picker stands for: the entry of that name, or, for themes, the
 * one theme whose synonym it is (the picker suggests synonyms that lead to their theme).
 * Anything else is refused as invalid input on the `field` that carried it. The entry is
 * locked for the caller's transaction, which links to it.
 */
export async function resolveName(
  db: Queryable,
  vocabulary: VocabularyKind,
  name: string,
  field: string,
): Promise<VocabularyEntry> {
  const entry = await findByName(db, vocabulary, name, { lock: true })
  if (entry) return entry
  if (vocabulary === 'themes') {
    const themes = await themesWithSynonym(db, name, { lock: true })
    const [only] = themes
    if (only && themes.length === 1) return only
    if (themes.length > 1) {
      const names = themes.map((theme) => theme.name).join(', ')
      throw invalidName(
        field,
        `‘${name.trim()}’ hoort bij meer dan één thema (${names}). Kies een thema uit de lijst.`,
      )
    }
  }
  throw invalidName(field, NOT_IN_VOCABULARY[vocabulary])
}
