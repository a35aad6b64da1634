import { PhraseMatcher } from './phrase.ts'
import { weightOf, type PostingList, type PostingSource } from './postings.ts'
import { scratchBytes, scratchInt32 } from './scratch.ts'
import type { TsQuery, TsQueryNode, TsQueryOperand, TsQueryPhrase } from './tsquery-ast.ts'

export * from './tsquery-ast.ts'
export { formatTsquery, parseTsquery } from './tsquery-text.ts'

/**
 * Which documents `vector @@ query` holds for, computed on posting lists, as PostgreSQL's
 * `ts_match_vq` (tsvector_op.c) does per vector. Above any phrase the query is plain
 * boolean algebra over per-document bitmaps; a phrase is first narrowed to the documents
 * that could match it (all it needs is there) and then checked document by document.
 */

/** One byte per ordinal, 0 or 1; kept 4-aligned so bitmaps combine a word at a time. */
type Bitmap = Uint8Array

function newBitmap(ordinals: number): Bitmap {
  return scratchBytes(ordinals)
}

function copy(bitmap: Bitmap): Bitmap {
  const result = newBitmap(bitmap.length)
  result.set(bitmap)
  return result
}

const words = (bitmap: Bitmap) =>
  new Uint32Array(bitmap.buffer, bitmap.byteOffset, (bitmap.length + 3) >> 2)

function and(target: Bitmap, other: Bitmap): Bitmap {
  const a = words(target)
  const b = words(other)
  for (let i = 0; i < a.length; i++) a[i] = a[i]! & b[i]!
  return target
}

function or(target: Bitmap, other: Bitmap): Bitmap {
  const a = words(target)
  const b = words(other)
  for (let i = 0; i < a.length; i++) a[i] = a[i]! | b[i]!
  return target
}

function invert(target: Bitmap): Bitmap {
  const a = words(target)
  for (let i = 0; i < a.length; i++) a[i] = a[i]! ^ 0x01010101
  return target
}

/** Whether any position of entry `i` has a weight in `weights` (none: it counts, as in PG). */
function hasWeight(list: PostingList, i: number, weights: number): boolean {
  const from = list.starts[i]!
  const to = list.starts[i + 1]!
  if (from === to) return true
  for (let p = from; p < to; p++) {
    if (weights & (1 << weightOf(list.positions[p]!))) return true
  }
  return false
}

class Evaluation {
  /** Operands' bitmaps, used both by the boolean part and to narrow phrases. */
  private readonly operandHits = new Map<TsQueryOperand, Bitmap>()

  constructor(private readonly source: PostingSource) {}

  /** The documents a (sub)query matches, in a bitmap the caller may change. */
  evaluate(node: TsQueryNode): Bitmap {
    switch (node.kind) {
      case 'operand':
        return copy(this.operand(node))
      case 'not':
        return invert(this.evaluate(node.operand))
      case 'and':
        return and(this.evaluate(node.left), this.evaluate(node.right))
      case 'or':
        return or(this.evaluate(node.left), this.evaluate(node.right))
      case 'phrase':
        return this.phrase(node)
    }
  }

  /** `checkcondition_str` without positions: the lexeme (or one it starts) is there. */
  private operand(operand: TsQueryOperand): Bitmap {
    const known = this.operandHits.get(operand)
    if (known) return known
    const hits = newBitmap(this.source.ordinals)
    for (const list of this.source.lookup(operand.lexeme, operand.prefix)) {
      const docs = list.docs
      if (operand.weights === 0) {
        for (let i = 0; i < list.length; i++) hits[docs[i]!] = 1
      } else {
        for (let i = 0; i < list.length; i++) {
          if (hasWeight(list, i, operand.weights)) hits[docs[i]!] = 1
        }
      }
    }
    this.operandHits.set(operand, hits)
    return hits
  }

  /**
   * The documents where a phrase could match: where it would not be a sure "no" in
   * `TS_phrase_execute`. NOT can match anywhere; the rest is plain AND/OR.
   */
  private possible(node: TsQueryNode): Bitmap {
    switch (node.kind) {
      case 'operand':
        return copy(this.operand(node))
      case 'not':
        return newBitmap(this.source.ordinals).fill(1)
      case 'or':
        return or(this.possible(node.left), this.possible(node.right))
      case 'and':
      case 'phrase':
        return and(this.possible(node.left), this.possible(node.right))
    }
  }

  private phrase(node: TsQueryPhrase): Bitmap {
    const candidates = this.possible(node)
    const docs = scratchInt32(candidates.length)
    let count = 0
    for (let ordinal = 0; ordinal < candidates.length; ordinal++) {
      if (candidates[ordinal]) docs[count++] = ordinal
    }
    const matcher = new PhraseMatcher(node, this.source, docs, count)
    for (let d = 0; d < count; d++) {
      if (!matcher.matches(d)) candidates[docs[d]!] = 0
    }
    return candidates
  }
}

function hasEmptyLexeme(node: TsQueryNode): boolean {
  switch (node.kind) {
    case 'operand':
      return node.lexeme === ''
    case 'not':
      return hasEmptyLexeme(node.operand)
    default:
      return hasEmptyLexeme(node.left) || hasEmptyLexeme(node.right)
  }
}

/**
 * For every ordinal below `source.ordinals`, 1 where `vector @@ query` is true. Null for
 * what it does not evaluate (an operand with an empty lexeme), so the caller asks SQL.
 */
export function matchDocs(query: TsQuery, source: PostingSource): Uint8Array | null {
  // PostgreSQL: "empty query matches nothing".
  if (query.kind === 'empty') return newBitmap(source.ordinals)
  if (hasEmptyLexeme(query)) return null
  return new Evaluation(source).evaluate(query)
}
