/**
 * The two vocabularies a document is classified with: themes ("tags" in the API's paths)
 * and labels. Each is also the name of its table, so SQL may name it directly.
 */
export type VocabularyKind = 'themes' | 'labels'

/** How documents link to each vocabulary, and the word the audit log uses for an entry. */
export const VOCABULARY_LINKS: Record<
  VocabularyKind,
  { table: string; key: string; singular: 'theme' | 'label' }
> = {
  themes: { table: 'document_themes', key: 'theme_id', singular: 'theme' },
  labels: { table: 'document_labels', key: 'label_id', singular: 'label' },
}
