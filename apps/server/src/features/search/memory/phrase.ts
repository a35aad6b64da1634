import { EntryWalk } from './gather.ts'
import { positionOf, weightOf, type PostingList, type PostingSource } from './postings.ts'
import type { TsQueryNode, TsQueryPhrase } from './tsquery-ast.ts'

/**
 * PostgreSQL's phrase matching (`TS_phrase_execute` in tsvector_op.c), one document at a
 * time, for the documents that may match a phrase. Its three-valued logic is kept as it is:
 * a lexeme stored without positions makes an operand "maybe" there, and a phrase that is
 * only "maybe" at the top counts as no match for `@@`.
 */

const NO = 0
const YES = 1
const MAYBE = 2
type Ternary = typeof NO | typeof YES | typeof MAYBE

/** Which positions an operator passes on (`TSPO_*`). */
const LEFT_ONLY = 1
const RIGHT_ONLY = 2
const BOTH = 4

/**
 * `ExecPhraseData`: where a subquery matches (positions of the match's last lexeme,
 * ascending, unique: the first `npos` of `pos`), or with `negate` everywhere but there,
 * and the match's width. Reused from document to document, so nothing is allocated per
 * document.
 */
class Positions {
  pos = new Int32Array(16)
  npos = 0
  negate = false
  width = 0

  /** The zeroed state PostgreSQL's callers hand down (`memset` in TS_phrase_execute). */
  reset(): this {
    this.npos = 0
    this.negate = false
    this.width = 0
    return this
  }

  push(position: number): void {
    if (this.npos === this.pos.length) {
      const grown = new Int32Array(this.pos.length * 2)
      grown.set(this.pos)
      this.pos = grown
    }
    this.pos[this.npos++] = position
  }
}

/** A phrase's nodes, with what evaluating them per document needs at hand. */
interface OperandStep {
  readonly kind: 'operand'
  readonly weights: number
  readonly lists: readonly PostingList[]
  readonly found: EntryWalk
}

interface NotStep {
  readonly kind: 'not'
  readonly operand: Step
}

interface OperatorStep {
  readonly kind: 'and' | 'or' | 'phrase'
  readonly distance: number
  readonly left: Step
  readonly right: Step
  /** The data this operator hands each side. */
  readonly leftData: Positions
  readonly rightData: Positions
}

type Step = OperandStep | NotStep | OperatorStep

export class PhraseMatcher {
  private readonly root: Step

  /** `candidates`: the first `count` ordinals, ascending, that may match `phrase`. */
  constructor(phrase: TsQueryPhrase, source: PostingSource, candidates: Int32Array, count: number) {
    const compile = (node: TsQueryNode): Step => {
      switch (node.kind) {
        case 'operand': {
          const lists = source.lookup(node.lexeme, node.prefix)
          const found = new EntryWalk(lists, candidates, count)
          return { kind: 'operand', weights: node.weights, lists, found }
        }
        case 'not':
          return { kind: 'not', operand: compile(node.operand) }
        default:
          return {
            kind: node.kind,
            distance: node.kind === 'phrase' ? node.distance : 0,
            left: compile(node.left),
            right: compile(node.right),
            leftData: new Positions(),
            rightData: new Positions(),
          }
      }
    }
    this.root = compile(phrase)
  }

  /**
   * Whether candidate `doc` (its index among the candidates) matches, as `@@` says. Asked
   * for the candidates in order, each at most once.
   */
  matches(doc: number): boolean {
    return this.execute(this.root, doc, null) === YES
  }

  private execute(step: Step, doc: number, data: Positions | null): Ternary {
    switch (step.kind) {
      case 'operand':
        // Every operand sits below the phrase at the top, which always passes data.
        return operand(step, doc, data!)
      case 'not':
        return this.not(step.operand, doc, data!)
      case 'or':
        return this.or(step, doc, data!)
      default:
        return this.andOrPhrase(step, doc, data)
    }
  }

  private not(operand: Step, doc: number, data: Positions): Ternary {
    switch (this.execute(operand, doc, data)) {
      case NO:
        data.negate = true
        return YES
      case YES:
        if (data.npos > 0) {
          data.negate = !data.negate
          return YES
        }
        // Matched everywhere: NOT matches nowhere.
        data.negate = false
        return NO
      case MAYBE:
        return MAYBE
    }
  }

  private andOrPhrase(step: OperatorStep, doc: number, data: Positions | null) {
    const left = step.leftData.reset()
    const leftMatch = this.execute(step.left, doc, left)
    if (leftMatch === NO) return NO
    const right = step.rightData.reset()
    const rightMatch = this.execute(step.right, doc, right)
    if (rightMatch === NO) return NO
    if (leftMatch === MAYBE || rightMatch === MAYBE) return MAYBE
    let leftOffset: number
    let rightOffset: number
    if (step.kind === 'phrase') {
      // Positions are those of a match's last lexeme: the left one must end `distance`
      // before the right one begins.
      leftOffset = step.distance + right.width
      rightOffset = 0
      if (data) data.width = step.distance + left.width + right.width
    } else {
      const width = Math.max(left.width, right.width)
      leftOffset = width - left.width
      rightOffset = width - right.width
      if (data) data.width = width
    }
    if (left.negate && right.negate) {
      output(data, left, right, BOTH | LEFT_ONLY | RIGHT_ONLY, leftOffset, rightOffset)
      if (data) data.negate = true
      return YES
    }
    if (left.negate) return output(data, left, right, RIGHT_ONLY, leftOffset, rightOffset)
    if (right.negate) return output(data, left, right, LEFT_ONLY, leftOffset, rightOffset)
    return output(data, left, right, BOTH, leftOffset, rightOffset)
  }

  private or(step: OperatorStep, doc: number, data: Positions): Ternary {
    const left = step.leftData.reset()
    const right = step.rightData.reset()
    const leftMatch = this.execute(step.left, doc, left)
    const rightMatch = this.execute(step.right, doc, right)
    if (leftMatch === NO && rightMatch === NO) return NO
    if (leftMatch === MAYBE || rightMatch === MAYBE) return MAYBE
    // A side that failed may have left any width behind; PostgreSQL counts it as 0.
    if (leftMatch === NO) left.width = 0
    if (rightMatch === NO) right.width = 0
    const width = Math.max(left.width, right.width)
    const leftOffset = width - left.width
    const rightOffset = width - right.width
    data.width = width
    if (left.negate || right.negate) {
      const emit = left.negate && right.negate ? BOTH : left.negate ? LEFT_ONLY : RIGHT_ONLY
      output(data, left, right, emit, leftOffset, rightOffset)
      data.negate = true
      return YES
    }
    return output(data, left, right, BOTH | LEFT_ONLY | RIGHT_ONLY, leftOffset, rightOffset)
  }
}

/**
 * `checkcondition_str` with positions wanted: the operand's positions having an allowed
 * weight; "maybe" if a matching lexeme has no positions (whatever its weight restriction).
 */
function operand(step: OperandStep, doc: number, data: Positions): Ternary {
  const { lists, found, weights } = step
  const entries = found.at(doc)
  if (entries === 0) return NO
  for (let at = 0; at < entries; at++) {
    const list = lists[found.list[at]!]!
    const entry = found.entry[at]!
    const from = list.starts[entry]!
    const to = list.starts[entry + 1]!
    if (from === to) {
      data.npos = 0
      return MAYBE
    }
    for (let p = from; p < to; p++) {
      const pos = list.positions[p]!
      if (weights === 0 || weights & (1 << weightOf(pos))) data.push(positionOf(pos))
    }
  }
  if (data.npos === 0) return NO
  if (entries > 1) sortUnique(data)
  return YES
}

/** Sorts the positions of several lexemes (a prefix's) and drops repeats, in place. */
function sortUnique(data: Positions): void {
  const values = data.pos.subarray(0, data.npos).sort()
  let kept = 0
  for (let i = 0; i < values.length; i++) {
    if (i === 0 || values[i] !== values[kept - 1]) values[kept++] = values[i]!
  }
  data.npos = kept
}

/**
 * `TS_phrase_output`: merges the two position lists (shifted by the offsets), keeping what
 * `emit` asks for, into `data`; without `data`, only whether anything would be kept.
 */
function output(
  data: Positions | null,
  left: Positions,
  right: Positions,
  emit: number,
  leftOffset: number,
  rightOffset: number,
): Ternary {
  const leftPos = left.pos
  const rightPos = right.pos
  const leftCount = left.npos
  const rightCount = right.npos
  let l = 0
  let r = 0
  while (l < leftCount || r < rightCount) {
    let leftAt: number
    let rightAt: number
    if (l < leftCount) leftAt = leftPos[l]! + leftOffset
    else {
      if (!(emit & RIGHT_ONLY)) break
      leftAt = Number.MAX_SAFE_INTEGER
    }
    if (r < rightCount) rightAt = rightPos[r]! + rightOffset
    else {
      if (!(emit & LEFT_ONLY)) break
      rightAt = Number.MAX_SAFE_INTEGER
    }
    let kept = 0
    if (leftAt < rightAt) {
      if (emit & LEFT_ONLY) kept = leftAt
      l++
    } else if (leftAt === rightAt) {
      if (emit & BOTH) kept = rightAt
      l++
      r++
    } else {
      if (emit & RIGHT_ONLY) kept = rightAt
      r++
    }
    if (kept > 0) {
      if (!data) return YES
      data.push(kept)
    }
  }
  return data && data.npos > 0 ? YES : NO
}
