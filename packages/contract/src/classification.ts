import { z } from 'zod'
import { VOCABULARY_LIMITS } from './tags.ts'
import { singleLineText } from './text.ts'

/**
 * A theme or label name as typed: one line, trimmed, then matched case-insensitively
 * against the vocabulary. A name that is not in it is refused with 422.
 */
export const VocabularyName = singleLineText(
  undefined,
  'Een naam mag geen tabs, regeleinden of andere stuurtekens bevatten.',
)
  .trim()
  .min(VOCABULARY_LIMITS.nameMin, { error: 'Vul een naam in.' })
  .max(VOCABULARY_LIMITS.nameMax, {
    error: `Een naam is hoogstens ${VOCABULARY_LIMITS.nameMax} tekens lang.`,
  })

/** PUT /documents/{id}/tag?name= and PUT /documents/{id}/label?name=. */
export const ClassifyQuery = z.strictObject({ name: VocabularyName })
export type ClassifyQuery = z.infer<typeof ClassifyQuery>

/** DELETE /documents/{id}/tag/{name} and DELETE /documents/{id}/label/{name}. */
export const DocumentVocabularyParams = z.strictObject({ id: z.uuid(), name: VocabularyName })

/**
 * What every theme or label change on a document answers: the document's themes and
 * labels afterwards, as the document itself shows them (`null` when none), so a client
 * can merge the answer into the document it holds.
 */
export const DocumentClassification = z
  .object({
    themes: z.array(z.string()).nullable(),
    labels: z.array(z.string()).nullable(),
  })
  .meta({ id: 'DocumentClassification' })
export type DocumentClassification = z.infer<typeof DocumentClassification>
