/**
 * Bare SQL: the recorded statements replayed on the same database, one after another, with
 * each search's in-memory work where the server does it, and the plans of the heaviest ones.
 */
import type { Db } from '../../apps/server/src/db/client.ts'
import type { Statement } from './recorder.ts'

/** The statement a search in memory sends once its in-memory work has chosen the candidates. */
const CANDIDATES_PAGE = 'page of the candidates, its rows and highlights (in memory)'
/** The statement after the in-memory work when no candidate reached the page. */
const SEARCH_LOG = 'search_log insert (with its per-client quota)'

/** Where the server does a search's in-memory work: before this statement (or at the end). */
function workPosition(statements: Statement[]) {
  const kinds = statements.map((statement) => statementKind(statement.sql))
  const page = kinds.indexOf(CANDIDATES_PAGE)
  const log = kinds.indexOf(SEARCH_LOG)
  return page >= 0 ? page : log >= 0 ? log : statements.length
}

const STATEMENT_KINDS: Array<[RegExp, string]> = [
  [/^\s*with m as materialized/i, 'main query (matches, page ids, total, aggregations)'],
  [/row_number\(\) over/i, CANDIDATES_PAGE],
  [/^\s*select portal_match_tsquery\(\$1\)::text as matched/i, 'tsquery parse (in memory)'],
  [/^\s*select id::text as id\s+from \(select se\.document_id/i, 'browse page (newest entries)'],
  [/^\s*select version::text from search_state/i, 'catalogue version'],
  [/^\s*select count\(\*\)::int as n from search_entries/i, 'suggestion count (Bedoelde u)'],
  [/^\s*select d\.id::text as id/i, 'page rows with highlights'],
  [
    /from themes t\s+left join theme_terms[\s\S]*from search_state/i,
    'words (thesaurus, typos) with the catalogue version',
  ],
  [/from themes t\s+left join theme_terms/i, 'words (thesaurus, typos)'],
  [/from search_words/i, 'close spellings (Bedoelde u)'],
  [/^\s*with quota as/i, SEARCH_LOG],
  [/^\s*\(select name as suggestion/i, 'suggestions'],
]

export const statementKind = (sql: string) =>
  STATEMENT_KINDS.find(([pattern]) => pattern.test(sql))?.[1] ??
  sql.replace(/\s+/g, ' ').trim().slice(0, 60)

export interface Replay {
  /** Per path: total bare time of its statements, per round. */
  ms: number[][]
  /** Per path: the time of its in-memory work, per round (0: none). */
  workMs: number[][]
  statements: number[]
  /** Per path: the time of each statement (first round). */
  perStatement: Array<Array<{ kind: string; ms: number }>>
}

/**
 * Replays each path's statements one after another, `rounds` times over the list. A path's
 * in-memory work (`work`; none for suggestions) runs and is timed where the server runs
 * it: right before the statement that reads the candidates it chose (or the log row's, when
 * none reached the page). So the database and the in-memory work follow each other as when
 * served, and each finds the processor's caches as the other left them (on PGlite, in the
 * same thread, this matters most).
 */
export async function replay(
  db: Db,
  recordings: Array<Statement[] | undefined>,
  rounds: number,
  work: ReadonlyArray<(() => unknown) | null> = [],
) {
  const result: Replay = {
    ms: recordings.map(() => []),
    workMs: recordings.map(() => []),
    statements: recordings.map((r) => r?.length ?? 0),
    perStatement: recordings.map(() => []),
  }
  for (let round = 0; round < rounds; round++) {
    for (const [index, statements] of recordings.entries()) {
      if (!statements) continue
      let total = 0
      let workMs = 0
      const inMemory = work[index]
      const runWork = () => {
        const started = performance.now()
        inMemory?.()
        workMs = inMemory ? performance.now() - started : 0
      }
      const at = workPosition(statements)
      for (const [position, statement] of statements.entries()) {
        if (position === at) runWork()
        const started = performance.now()
        if (statement.exec) await db.exec(statement.sql)
        else await db.query(statement.sql, statement.params)
        const ms = performance.now() - started
        total += ms
        if (round === 0)
          result.perStatement[index]!.push({ kind: statementKind(statement.sql), ms })
      }
      if (at === statements.length) runWork()
      result.ms[index]!.push(total)
      result.workMs[index]!.push(workMs)
    }
  }
  return result
}

const compactNode = (line: string) =>
  line
    .replace(/\(cost=[^)]*\)\s*/, '')
    .replace(/^\s*->\s*/, '')
    .trim()

/**
 * A plan in a few lines (the whole one is printed with --explain and always kept in the
 * JSON): the root, how documents are found, the top node of every CTE and sub-plan with
 * its time, JIT, and the planning and execution times.
 */
export function summarizePlan(plan: string[]): string[] {
  const lines: string[] = []
  if (plan[0]) lines.push(compactNode(plan[0]))
  const isPart = (line: string) => /^\s*(CTE|InitPlan|SubPlan) \S+/.test(line)
  for (const [i, line] of plan.entries()) {
    const part = /^\s*((?:CTE|InitPlan|SubPlan) \S+)/.exec(line)
    if (part) {
      // What the part computes, as far as its first key or filter tells.
      const end = plan.findIndex((next, j) => j > i && isPart(next))
      const body = plan.slice(i + 2, end < 0 ? undefined : end)
      const hint = body.map((l) => /(Group Key|Sort Key|Filter): (.*)/.exec(l)).find(Boolean)
      const about = hint ? `  [${hint[1]}: ${hint[2]!.slice(0, 60)}]` : ''
      lines.push(`${part[1]!.padEnd(12)} ${compactNode(plan[i + 1] ?? '')}${about}`)
    } else if (
      /(Scan|Bitmap Heap Scan) (using \S+ )?on documents\b/.test(line) &&
      !isPart(plan[i - 1] ?? '')
    ) {
      lines.push(`  ${compactNode(line)}`)
      const detail = plan[i + 1] ?? ''
      if (/^\s*(Filter|Index Cond|Recheck Cond):/.test(detail)) lines.push(`    ${detail.trim()}`)
    } else if (/^\s*(JIT:|Functions:|Timing:|Planning Time|Execution Time)/.test(line)) {
      lines.push(line.trim())
    }
  }
  return lines
}

export async function explain(db: Db, statement: Statement): Promise<string[]> {
  const rows = await db.query<Record<string, string>>(
    `explain (analyze, buffers) ${statement.sql}`,
    statement.params,
  )
  return rows.map((row) => Object.values(row)[0] ?? '')
}
