import type { Db, Queryable } from '../../db/client.ts'
import { loadCompoundSplitter } from './compounds.ts'

/**
 * File text beyond this many characters is not indexed (tsvector size stays bounded). The
 * typo vocabulary's `portal_document_words` (migrations 0010, 0014) reads the same prefix.
 */
const INDEXED_FILE_TEXT = 100_000

/**
 * Brings the denormalised search columns of these documents in step with their themes,
 * labels and files, and recomputes the weighted vector: title A, parts of the title's
 * compounds B, themes B, description C, parts of the compounds of themes and description D,
 * file text D (whose compounds are not split: too much text for the request path). A word
 * then outranks the same word as a compound part, and a title match a description match.
 * Call it in the same transaction as any change to those. The typo-correction vocabulary
 * (`search_words`) follows by itself: triggers on `documents` (migrations 0010 and 0014)
 * count the words of published documents only, so no unpublished text can surface there.
 */
export async function refreshSearchIndex(db: Queryable, documentIds: readonly string[]) {
  if (documentIds.length === 0) return
  const splitter = await loadCompoundSplitter()
  const texts = await db.query<{ id: string; title: string; text: string }>(
    `select d.id::text as id, d.title,
            d.description || ' ' || coalesce((select string_agg(t.name, ' ') from document_themes dt
                                                join themes t on t.id = dt.theme_id
                                               where dt.document_id = d.id), '') as text
       from documents d where d.id = any($1::uuid[])`,
    [documentIds],
  )
  await db.query(
    `with src as (
       select d.id, p.title_parts, p.text_parts,
              coalesce((select array_agg(t.name order by lower(t.name)) from document_themes dt
                          join themes t on t.id = dt.theme_id where dt.document_id = d.id), '{}') as themes,
              coalesce((select array_agg(l.name order by lower(l.name)) from document_labels dl
                          join labels l on l.id = dl.label_id where dl.document_id = d.id), '{}') as labels,
              coalesce((select string_agg(f.extracted_text, ' ' order by f.position) from document_files f
                         where f.document_id = d.id), '') as file_text
         from unnest($1::uuid[], $3::text[], $4::text[]) as p(id, title_parts, text_parts)
         join documents d on d.id = p.id
     )
     update documents d
        set theme_names = src.themes,
            label_names = src.labels,
            file_text = src.file_text,
            title_parts = src.title_parts,
            text_parts = src.text_parts,
            search_vector =
              setweight(to_tsvector('dutch', portal_unaccent(d.title)), 'A') ||
              setweight(to_tsvector('dutch', src.title_parts), 'B') ||
              setweight(to_tsvector('dutch', portal_unaccent(array_to_string(src.themes, ' '))), 'B') ||
              setweight(to_tsvector('dutch', portal_unaccent(d.description)), 'C') ||
              setweight(to_tsvector('dutch', src.text_parts), 'D') ||
              setweight(to_tsvector('dutch', portal_unaccent(left(src.file_text, $2))), 'D')
       from src where d.id = src.id`,
    [
      texts.map((row) => row.id),
      INDEXED_FILE_TEXT,
      texts.map((row) => splitter.termsOf(row.title).join(' ')),
      texts.map((row) => splitter.termsOf(row.text).join(' ')),
    ],
  )
}

const UNSPLIT_BATCH = 500

/**
 * Splits the compounds of documents indexed before decompounding (migration 0014 leaves
 * their parts null, as SQL cannot split): once, at start-up, a batch per transaction. Rows
 * are locked in id order, so two nodes starting at once take turns rather than deadlock, and
 * a row the other node already did no longer qualifies. Returns how many it indexed.
 */
export async function indexUnsplitDocuments(db: Db): Promise<number> {
  let indexed = 0
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `select id::text as id from documents where title_parts is null
          order by id limit $1 for no key update`,
        [UNSPLIT_BATCH],
      )
      await refreshSearchIndex(
        tx,
        rows.map((row) => row.id),
      )
      return rows.length
    })
    if (batch === 0) return indexed
    indexed += batch
  }
}
