import type { Queryable } from '../../db/client.ts'

/**
 * File text beyond this many characters is not indexed (tsvector size stays bounded). The
 * typo vocabulary's `portal_document_words` (migration 0010) reads the same prefix.
 */
const INDEXED_FILE_TEXT = 100_000

/**
 * Brings the denormalised search columns of these documents in step with their themes,
 * labels and files, and recomputes the weighted vector (title A, themes B, description C,
 * file text D). Call it in the same transaction as any change to those. The typo-correction
 * vocabulary (`search_words`) follows by itself: triggers on `documents` (migration 0010)
 * count the words of published documents only, so no unpublished text can surface there.
 */
export async function refreshSearchIndex(db: Queryable, documentIds: readonly string[]) {
  if (documentIds.length === 0) return
  await db.query(
    `with src as (
       select d.id,
              coalesce((select array_agg(t.name order by lower(t.name)) from document_themes dt
                          join themes t on t.id = dt.theme_id where dt.document_id = d.id), '{}') as themes,
              coalesce((select array_agg(l.name order by lower(l.name)) from document_labels dl
                          join labels l on l.id = dl.label_id where dl.document_id = d.id), '{}') as labels,
              coalesce((select string_agg(f.extracted_text, ' ' order by f.position) from document_files f
                         where f.document_id = d.id), '') as file_text
         from documents d where d.id = any($1::uuid[])
     )
     update documents d
        set theme_names = src.themes,
            label_names = src.labels,
            file_text = src.file_text,
            search_vector =
              setweight(to_tsvector('dutch', portal_unaccent(d.title)), 'A') ||
              setweight(to_tsvector('dutch', portal_unaccent(array_to_string(src.themes, ' '))), 'B') ||
              setweight(to_tsvector('dutch', portal_unaccent(d.description)), 'C') ||
              setweight(to_tsvector('dutch', portal_unaccent(left(src.file_text, $2))), 'D')
       from src where d.id = src.id`,
    [documentIds, INDEXED_FILE_TEXT],
  )
}
