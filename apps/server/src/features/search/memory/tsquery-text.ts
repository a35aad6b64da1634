import {
  WEIGHT_A,
  WEIGHT_B,
  WEIGHT_C,
  WEIGHT_D,
  type TsQuery,
  type TsQueryNode,
  type TsQueryOperand,
} from './tsquery-ast.ts'

/**
 * Reading and writing PostgreSQL's text form of a `tsquery`: `'werk' <2> 'inkom':*`,
 * `( 'bevolk':* | 'inwoner':* ) & 'gemeent':*`, `!'a'`, `'a':*AB`, `''` for the empty query.
 */

type Token =
  | { readonly type: 'operand'; readonly operand: TsQueryOperand }
  | { readonly type: 'and' | 'or' | 'not' | 'open' | 'close' }
  | { readonly type: 'phrase'; readonly distance: number }

/** How tightly each binary operator binds, as PostgreSQL's parser: `!` binds tighter still. */
const PRIORITY = { or: 1, and: 2, phrase: 3 } as const

const WEIGHT_LETTERS: Record<string, number> = {
  a: WEIGHT_A,
  b: WEIGHT_B,
  c: WEIGHT_C,
  d: WEIGHT_D,
}

function syntaxError(text: string, at: number): Error {
  return new Error(`Not a tsquery as PostgreSQL prints it, at ${at}: ${text.slice(0, 200)}`)
}

/** Reads a quoted (or, leniently, bare) lexeme with its `:*AB` flags at `at`. */
function readOperand(text: string, start: number): { operand: TsQueryOperand; end: number } {
  let at = start
  let lexeme = ''
  if (text[at] === "'") {
    at++
    let from = at
    for (;;) {
      if (at >= text.length) throw syntaxError(text, start)
      const char = text[at]
      if (char === '\\') {
        lexeme += text.slice(from, at) + (text[at + 1] ?? '')
        at += 2
        from = at
      } else if (char === "'" && text[at + 1] === "'") {
        lexeme += text.slice(from, at) + "'"
        at += 2
        from = at
      } else if (char === "'") {
        lexeme += text.slice(from, at)
        at++
        break
      } else at++
    }
  } else {
    const match = /^[^\s'&|!():<]+/u.exec(text.slice(at))
    if (!match) throw syntaxError(text, at)
    lexeme = match[0]
    at += lexeme.length
  }
  let prefix = false
  let weights = 0
  if (text[at] === ':') {
    at++
    for (;;) {
      const char = text[at]?.toLowerCase()
      if (char === '*') prefix = true
      else if (char !== undefined && WEIGHT_LETTERS[char] !== undefined)
        weights |= WEIGHT_LETTERS[char]
      else break
      at++
    }
  }
  return { operand: { kind: 'operand', lexeme, prefix, weights }, end: at }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let at = 0
  while (at < text.length) {
    const char = text[at]!
    if (/\s/u.test(char)) {
      at++
    } else if (char === '&' || char === '|' || char === '!') {
      tokens.push({ type: char === '&' ? 'and' : char === '|' ? 'or' : 'not' })
      at++
    } else if (char === '(' || char === ')') {
      tokens.push({ type: char === '(' ? 'open' : 'close' })
      at++
    } else if (char === '<') {
      const match = /^<(-|\d+)>/u.exec(text.slice(at, at + 12))
      if (!match) throw syntaxError(text, at)
      tokens.push({ type: 'phrase', distance: match[1] === '-' ? 1 : Number(match[1]) })
      at += match[0].length
    } else {
      const { operand, end } = readOperand(text, at)
      tokens.push({ type: 'operand', operand })
      at = end
    }
  }
  return tokens
}

/** A precedence-climbing parser over the tokens; binary operators associate to the left. */
class Parser {
  private at = 0
  constructor(
    private readonly tokens: readonly Token[],
    private readonly text: string,
  ) {}

  parse(): TsQuery {
    if (this.tokens.length === 0) return { kind: 'empty' }
    const node = this.expression(1)
    if (this.at !== this.tokens.length) throw syntaxError(this.text, this.at)
    return node
  }

  private expression(minPriority: number): TsQueryNode {
    let left = this.unary()
    for (;;) {
      const token = this.tokens[this.at]
      if (!token || (token.type !== 'and' && token.type !== 'or' && token.type !== 'phrase')) {
        return left
      }
      const priority = PRIORITY[token.type]
      if (priority < minPriority) return left
      this.at++
      const right = this.expression(priority + 1)
      left =
        token.type === 'phrase'
          ? { kind: 'phrase', distance: token.distance, left, right }
          : { kind: token.type, left, right }
    }
  }

  private unary(): TsQueryNode {
    const token = this.tokens[this.at++]
    if (!token) throw syntaxError(this.text, this.text.length)
    if (token.type === 'operand') return token.operand
    if (token.type === 'not') return { kind: 'not', operand: this.unary() }
    if (token.type === 'open') {
      const inner = this.expression(1)
      if (this.tokens[this.at++]?.type !== 'close') throw syntaxError(this.text, this.at)
      return inner
    }
    throw syntaxError(this.text, this.at)
  }
}

/**
 * Parses PostgreSQL's text output of a `tsquery` (what `to_tsquery('dutch', $1)::text`
 * returns); the empty string is the empty query. Throws on text PostgreSQL would not print.
 */
export function parseTsquery(text: string): TsQuery {
  return new Parser(tokenize(text), text).parse()
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/['\\]/gu, (char) => char + char)}'`
}

function formatOperand(operand: TsQueryOperand): string {
  let flags = operand.prefix ? '*' : ''
  for (const [letter, bit] of Object.entries(WEIGHT_LETTERS)) {
    if (operand.weights & bit) flags += letter.toUpperCase()
  }
  return quoteLexeme(operand.lexeme) + (flags ? `:${flags}` : '')
}

/**
 * Writes a query back as `tsquery` text, every operator's operands in parentheses, so that
 * PostgreSQL reads exactly this tree back (for tests and logs; not PostgreSQL's spelling).
 */
export function formatTsquery(query: TsQuery): string {
  const format = (node: TsQueryNode): string => {
    switch (node.kind) {
      case 'operand':
        return formatOperand(node)
      case 'not':
        return `!( ${format(node.operand)} )`
      case 'and':
      case 'or':
        return `( ${format(node.left)} ) ${node.kind === 'and' ? '&' : '|'} ( ${format(node.right)} )`
      case 'phrase':
        return `( ${format(node.left)} ) <${node.distance}> ( ${format(node.right)} )`
    }
  }
  return query.kind === 'empty' ? '' : format(query)
}
