/**
 * What the in-memory search index (`entry-index.ts`) offers the query evaluation
 * (`tsquery.ts`) and the ranking (`rank.ts`): per lexeme, the documents holding it with
 * their positions, exactly as PostgreSQL's `tsvector` stores them.
 *
 * Documents are numbered by ordinals: small integers the index hands out, 0 up to
 * `PostingSource.ordinals` (exclusive). A changed document gets a new ordinal; the old one
 * stays in the lists, and the index leaves it out of every answer.
 */

/**
 * A position as PostgreSQL's `WordEntryPos`: the weight in the top two bits (A 3, B 2,
 * C 1, D 0) and the position (1 to 16383) in the low fourteen.
 */
export type WordPos = number

export const weightOf = (pos: WordPos) => pos >> 14
export const positionOf = (pos: WordPos) => pos & 0x3fff

/** The documents holding one lexeme. */
export interface PostingList {
  readonly lexeme: string
  /** How many documents: the first `length` entries of `docs` are valid. */
  readonly length: number
  /** Their ordinals, ascending. */
  readonly docs: Int32Array
  /**
   * Where each document's positions are: those of `docs[i]` are `positions[starts[i]]` up
   * to `positions[starts[i + 1]]` (exclusive), ascending by position. None (a lexeme
   * stored without positions) is an empty range.
   */
  readonly starts: Int32Array
  readonly positions: Uint16Array
}

export interface PostingSource {
  /** Every ordinal is below this. */
  readonly ordinals: number
  /**
   * The lists of the lexemes equal to `text` or, with `prefix`, starting with it, in the
   * order of the lexemes in a `tsvector` (byte order: as `memcmp`, a shorter one first).
   */
  lookup(text: string, prefix: boolean): readonly PostingList[]
}
