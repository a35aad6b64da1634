import { z } from 'zod'
import { listOf } from './common.ts'

export const VOCABULARY_LIMITS = { nameMin: 1, nameMax: 60 } as const

export const Tag = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'Tag' })
export type Tag = z.infer<typeof Tag>
export const TagList = listOf(Tag)
export type TagList = z.infer<typeof TagList>

export const ThesaurusEntry = z
  .object({ term: z.string(), synonyms: z.array(z.string()), related: z.array(z.string()) })
  .meta({ id: 'ThesaurusEntry' })
export type ThesaurusEntry = z.infer<typeof ThesaurusEntry>
export const Thesaurus = z.array(ThesaurusEntry)
