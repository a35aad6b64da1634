import type { Queryable } from '../../db/client.ts'

/**
 * The theme vocabulary as a run maps with it: read once per run, so mapping thousands of
 * records asks the database nothing. Keys are lower case (names are unique that way);
 * values are the themes' names as written.
 */
export interface ThemeVocabulary {
  names: Map<string, string>
  /** The themes that have this term as a thesaurus synonym. */
  synonyms: Map<string, string[]>
  /** The themes mapped to this EU data theme (its code, e.g. `GOVE`). */
  euThemes: Map<string, string[]>
}

const add = (map: Map<string, string[]>, key: string, name: string) => {
  const names = map.get(key)
  if (names) names.push(name)
  else map.set(key, [name])
}

export async function loadThemeVocabulary(db: Queryable): Promise<ThemeVocabulary> {
  const rows = await db.query<{ name: string; eu_theme: string | null; synonyms: string[] }>(
    `select t.name, t.eu_theme,
            coalesce(array_agg(tt.term) filter (where tt.kind = 'synonym'), '{}') as synonyms
       from themes t left join theme_terms tt on tt.theme_id = t.id
      group by t.id, t.name, t.eu_theme
      order by lower(t.name)`,
  )
  const vocabulary: ThemeVocabulary = { names: new Map(), synonyms: new Map(), euThemes: new Map() }
  for (const row of rows) {
    vocabulary.names.set(row.name.toLowerCase(), row.name)
    for (const term of new Set(row.synonyms.map((synonym) => synonym.toLowerCase()))) {
      add(vocabulary.synonyms, term, row.name)
    }
    if (row.eu_theme) add(vocabulary.euThemes, row.eu_theme, row.name)
  }
  return vocabulary
}
