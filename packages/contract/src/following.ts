import { z } from 'zod'
import { VocabularyName } from './classification.ts'
import { listOf } from './common.ts'
import { pagingParams } from './search.ts'

/** PUT /tags/following?data=name: follow a theme of the vocabulary (a synonym leads to its theme). */
export const FollowQuery = z.strictObject({ data: VocabularyName })
export type FollowQuery = z.infer<typeof FollowQuery>

/** A theme in a path: /tags/following/{name}, /tags/{name}/followers, /tags/{name}/documents. */
export const ThemeNameParams = z.strictObject({ name: VocabularyName })

/**
 * `{ Results: [name], Total }`: the themes the caller follows (GET, PUT and DELETE on
 * /tags/following answer the list afterwards), or the display names of a theme's followers.
 */
export const NameList = listOf(z.string()).meta({ id: 'NameList' })
export type NameList = z.infer<typeof NameList>

/**
 * GET /tags/{name}/documents and GET /tags/following/documents: approved documents in the
 * theme (or in any followed theme), newest `published` first, answered as a `DocumentList`.
 */
export const ThemeDocumentsQuery = z.strictObject({ ...pagingParams })
export type ThemeDocumentsQuery = z.infer<typeof ThemeDocumentsQuery>
