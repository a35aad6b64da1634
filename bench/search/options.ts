/** The search benchmark's command-line options. */
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { DbKind } from './database.ts'
import { DEFAULT_DOCS, DEFAULT_SEED } from './synthesize.ts'

export interface Options {
  kind: DbKind
  docs: number
  reuse: boolean
  /** Cold passes over the workload per measurement. */
  rounds: number
  /** Requests of the warm (Zipf) mix per concurrency; 0 leaves the warm pass out. */
  warmRequests: number
  seed: string
  explain: boolean
  /** Visitors' searches on the entries in memory (the server's default); `--sql` turns it off. */
  inMemory: boolean
  /** The server-rendered search page measured too (issue 33); `--no-pages` leaves it out. */
  pages: boolean
  /** A web build to serve the pages from (`--web-dist`); null: build one into bench/search/dist. */
  webDist: string | null
}

export function readOptions(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string', default: 'pg' },
      docs: { type: 'string', default: String(DEFAULT_DOCS) },
      reuse: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '2' },
      warm: { type: 'string', default: '2000' },
      seed: { type: 'string', default: DEFAULT_SEED },
      explain: { type: 'boolean', default: false },
      sql: { type: 'boolean', default: false },
      pages: { type: 'boolean', default: true },
      'web-dist': { type: 'string' },
    },
    allowNegative: true,
  })
  // `npm run bench -- --db pg` in the repository root hands the options to the inner npm,
  // which keeps them as its own settings (npm_config_*) and passes on only their values.
  const takenByNpm = [
    'db',
    'docs',
    'reuse',
    'rounds',
    'warm',
    'seed',
    'explain',
    'sql',
    'pages',
    'web_dist',
  ].filter((name) => process.env[`npm_config_${name}`] !== undefined)
  if (positionals.length || takenByNpm.length) {
    const taken = [...takenByNpm.map((name) => `--${name.replace('_', '-')}`), ...positionals].join(
      ' ',
    )
    throw new Error(
      `npm took the options (${taken}). In the repository ` +
        'root run `npm run bench -- --db pg`; ' +
        'in bench/ run `npm run bench -- --db pg`.',
    )
  }
  const kind = values.db as DbKind
  if (kind !== 'pg' && kind !== 'pglite') throw new Error('--db must be pg or pglite')
  const docs = Number(values.docs)
  const rounds = Number(values.rounds)
  const warmRequests = Number(values.warm)
  if (!Number.isInteger(docs) || docs < 1) throw new Error('--docs must be a positive integer')
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be >= 1')
  if (!Number.isInteger(warmRequests) || warmRequests < 0) {
    throw new Error('--warm must be an integer >= 0 (0: no warm pass)')
  }
  return {
    kind,
    docs,
    reuse: values.reuse,
    rounds,
    warmRequests,
    seed: values.seed,
    explain: values.explain,
    inMemory: !values.sql,
    pages: values.pages,
    webDist: values['web-dist']
      ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values['web-dist'])
      : null,
  }
}
