/**
 * A `tsquery` as a tree, read from PostgreSQL's text output of it (`to_tsquery(...)::text`),
 * so the in-memory index can evaluate exactly what PostgreSQL would.
 */

/** Weight restriction bits as PostgreSQL's `QueryOperand.weight`: 0 means any weight. */
export const WEIGHT_A = 8
export const WEIGHT_B = 4
export const WEIGHT_C = 2
export const WEIGHT_D = 1

export interface TsQueryOperand {
  readonly kind: 'operand'
  readonly lexeme: string
  /** `:*`: every lexeme starting with `lexeme`. */
  readonly prefix: boolean
  /** `:AB` and the like, as `WEIGHT_*` bits; 0 when unrestricted. */
  readonly weights: number
}

export interface TsQueryNot {
  readonly kind: 'not'
  readonly operand: TsQueryNode
}

export interface TsQueryBinary {
  readonly kind: 'and' | 'or'
  readonly left: TsQueryNode
  readonly right: TsQueryNode
}

/** `left <distance> right`; `<->` is distance 1. */
export interface TsQueryPhrase {
  readonly kind: 'phrase'
  readonly distance: number
  readonly left: TsQueryNode
  readonly right: TsQueryNode
}

export type TsQueryNode = TsQueryOperand | TsQueryNot | TsQueryBinary | TsQueryPhrase

/** A query without lexemes (`''`, or one of stop words only): it matches nothing. */
export interface EmptyTsQuery {
  readonly kind: 'empty'
}

export type TsQuery = TsQueryNode | EmptyTsQuery

/**
 * The operands in the order of PostgreSQL's stored form (operator, then right subtree, then
 * left subtree), i.e. last written first. `ts_rank` sorts them from this order with a
 * sort that is not stable, so which of two equal lexemes it keeps depends on it.
 */
export function operandsInStoredOrder(query: TsQuery): TsQueryOperand[] {
  const operands: TsQueryOperand[] = []
  const visit = (node: TsQueryNode): void => {
    switch (node.kind) {
      case 'operand':
        operands.push(node)
        return
      case 'not':
        visit(node.operand)
        return
      default:
        visit(node.right)
        visit(node.left)
    }
  }
  if (query.kind !== 'empty') visit(query)
  return operands
}
