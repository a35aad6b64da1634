import { z } from 'zod'
import { VocabularyName } from './classification.ts'
import { listOf } from './common.ts'
import { EuDataTheme } from './eu-themes.ts'

/** At most this many synonyms, and as many related terms, per theme. */
export const THESAURUS_LIMITS = { termsMax: 50 } as const

/**
 * A new theme or label name, or a thesaurus term: as every `VocabularyName`, one line
 * without control characters, trimmed, 1 to 60 characters. Uniqueness (ignoring case) is
 * the server's check: 409.
 */
export const NewVocabularyName = VocabularyName

/** PUT /tags and PUT /labels: the name of the new theme or label. Answers 201 with its id. */
export const NewVocabularyItem = z.strictObject({ name: NewVocabularyName })
export type NewVocabularyItem = z.infer<typeof NewVocabularyItem>

/** The answer of PUT /tags and PUT /labels: the new id, as a JSON string. */
export const NewVocabularyId = z.uuid().meta({ id: 'NewVocabularyId' })

/** DELETE /tags/{name}, DELETE /labels/{name} and PUT /thesaurus/{name}. */
export const VocabularyNameParams = z.strictObject({ name: VocabularyName })

/**
 * A theme or label as admins manage it: with the number of (not deleted) documents carrying
 * it, and for a theme its EU data theme (null while not mapped; absent for labels).
 */
export const ManagedVocabularyItem = z
  .object({
    id: z.uuid(),
    name: z.string(),
    documents: z.number().int().nonnegative(),
    euTheme: EuDataTheme.nullable().optional(),
  })
  .meta({ id: 'ManagedVocabularyItem' })
export type ManagedVocabularyItem = z.infer<typeof ManagedVocabularyItem>
/** GET /tags/admin and GET /labels/admin: every entry, sorted by name. */
export const ManagedVocabularyList = listOf(ManagedVocabularyItem)
export type ManagedVocabularyList = z.infer<typeof ManagedVocabularyList>

const ThesaurusTerms = z.array(NewVocabularyName).max(THESAURUS_LIMITS.termsMax, {
  error: `Hoogstens ${THESAURUS_LIMITS.termsMax} termen.`,
})

/**
 * PUT /thesaurus/{name}: all synonyms and related terms of a theme, replacing the old ones.
 * Terms repeated (ignoring case) count once. Answers the theme's `ThesaurusEntry`.
 */
export const ThesaurusEdit = z.strictObject({ synonyms: ThesaurusTerms, related: ThesaurusTerms })
export type ThesaurusEdit = z.infer<typeof ThesaurusEdit>
