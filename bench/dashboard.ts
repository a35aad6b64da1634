/**
 * Dashboard benchmark: GET /api/search/dashboard of the real app (buildApp) on a synthetic
 * catalogue with a year of activity: 200,000 document opens and 200,000 logged searches.
 *
 *   npm run dashboard                                  (PGlite, 20,000 documents)
 *   npm run dashboard -- --db pg --docs 100000         (PostgreSQL)
 *   options: --opens N, --searches N, --employees N, --runs N (samples per figure)
 *
 * Printed per period: the first request (cold: the figures are computed), later requests
 * within the cache time (warm), and the computation itself repeated without the cache.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { API_PREFIX, apiPaths, DASHBOARD_PERIODS, Dashboard } from '@dataportaal/contract'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { buildApp } from '../apps/server/src/app.ts'
import { createTokenVerifier, localKeys } from '../apps/server/src/auth/verify-token.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import type { Db } from '../apps/server/src/db/client.ts'
import { computeDashboard } from '../apps/server/src/features/dashboard/statistics.ts'
import { LocalFileStore } from '../apps/server/src/storage/local-file-store.ts'
import { openBenchDatabase, type DbKind } from './search/database.ts'
import { loadSyntheticCatalogue } from './search/synthesize.ts'

// Its own database, so the search benchmark's catalogue is never emptied by this one.
process.env.BENCH_PGLITE_DIR ??= path.join(os.tmpdir(), 'dataportaal-bench-dashboard-pglite')
process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/portal_bench_dashboard'

const ISSUER = 'https://idp.bench.local'
const AUDIENCE = 'dataportaal-bench'
const ADMIN_GROUP = 'bench-admins'
/** Share of the documents that are employees' uploads (no external key), spread over 2 years. */
const UPLOAD_SHARE = 0.05

const log = (line: string) => console.log(line)
const ms = (value: number) => `${value.toFixed(1)} ms`

function readOptions() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      docs: { type: 'string', default: '20000' },
      opens: { type: 'string', default: '200000' },
      searches: { type: 'string', default: '200000' },
      employees: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '5' },
    },
  })
  const count = (name: keyof typeof values) => {
    const value = Number(values[name])
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} must be a positive integer`)
    return value
  }
  if (values.db !== 'pg' && values.db !== 'pglite') throw new Error('--db must be pg or pglite')
  return {
    kind: values.db as DbKind,
    docs: count('docs'),
    opens: count('opens'),
    searches: count('searches'),
    employees: count('employees'),
    runs: count('runs'),
  }
}

/**
 * A year of activity, generated in SQL: employees seen over the year, uploads, opens of
 * random documents (a few far more often than the rest) and searches from a skewed list of
 * 3,000 queries, one in ten without results.
 */
async function seedActivity(db: Db, options: ReturnType<typeof readOptions>) {
  await db.query(
    `insert into employees (id, email, display_name, last_seen_at, first_seen_at)
     select 'bench-' || n, 'bench-' || n || '@voorbeeldstad.nl', 'Medewerker ' || n,
            now() - random() * interval '365 days', now() - interval '2 years'
       from generate_series(1, $1::int) n`,
    [options.employees],
  )
  await db.query(
    `update documents
        set external_key = null, owner_id = 'bench-' || (1 + floor(random() * $2::int)),
            created_at = now() - random() * interval '730 days'
      where random() < $1::float8`,
    [UPLOAD_SHARE, options.employees],
  )
  await db.query(
    `with docs as (select array_agg(id order by id) as ids from documents)
     insert into document_opens (at, document_id, employee_id)
     select now() - random() * interval '365 days',
            ids[1 + floor(power(random(), 4) * cardinality(ids))::int],
            case when random() < 0.7 then 'bench-' || (1 + floor(random() * $2::int)) end
       from docs, generate_series(1, $1::int)`,
    [options.opens, options.employees],
  )
  await db.query(
    `insert into search_log (at, query, normalized_query, filters, result_count, employee_id)
     select at, q, q, '{}', case when zero then 0 else 1 + floor(random() * 500)::int end,
            case when random() < 0.5 then 'bench-' || (1 + floor(random() * $2::int)) end
       from (select now() - random() * interval '365 days' as at,
                    case when random() < 0.05 then ''
                         else 'zoekvraag ' || floor(power(random(), 3) * 3000)::int end as q,
                    random() < 0.1 as zero
               from generate_series(1, $1::int)) s`,
    [options.searches, options.employees],
  )
  await db.exec('vacuum analyze')
}

async function adminToken() {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'RS256' }
  const token = await new SignJWT({
    oid: 'bench-admin',
    name: 'Bench Beheerder',
    email: 'beheerder@voorbeeldstad.nl',
    groups: [ADMIN_GROUP],
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench-key' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('bench-admin')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey)
  const verifyToken = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: localKeys({ keys: [jwk] }),
  })
  return { token, verifyToken }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function main() {
  const options = readOptions()
  const started = performance.now()
  const bench = await openBenchDatabase(options.kind, true)
  const { db } = bench
  log(`Database: ${bench.version} at ${bench.location}`)

  log(`Loading ${options.docs.toLocaleString('en')} documents ...`)
  await loadSyntheticCatalogue(db, { docs: options.docs, log })
  const seedStarted = performance.now()
  await seedActivity(db, options)
  const [counts] = await db.query<{ opens: number; searches: number; uploads: number }>(
    `select (select count(*)::int from document_opens) as opens,
            (select count(*)::int from search_log) as searches,
            (select count(*)::int from documents where external_key is null) as uploads`,
  )
  log(
    `Seeded ${counts?.opens.toLocaleString('en')} opens, ${counts?.searches.toLocaleString('en')} searches, ` +
      `${counts?.uploads.toLocaleString('en')} uploads and ${options.employees.toLocaleString('en')} employees ` +
      `over a year in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  )

  const { token, verifyToken } = await adminToken()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-dashboard-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'silent',
    OIDC_CLIENT_ID: AUDIENCE,
    ADMIN_GROUPS: ADMIN_GROUP,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  })
  const app = await buildApp({
    config,
    db,
    store: new LocalFileStore(path.join(dataDir, 'files')),
    verifyToken,
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })

  const request = async (period: string) => {
    const begin = performance.now()
    const response = await fetch(
      `${address}${API_PREFIX.authenticated}${apiPaths.dashboard}?period=${period}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    const body: unknown = await response.json()
    const elapsed = performance.now() - begin
    return { elapsed, status: response.status, body }
  }
  const figures = async (period: string) => {
    const { elapsed, status, body } = await request(period)
    if (status !== 200) throw new Error(`${period}: HTTP ${status}`)
    return { elapsed, body: Dashboard.parse(body) }
  }

  try {
    // The first request signs the admin in (an employees upsert); refused, so nothing is cached.
    const signIn = await request('none')
    if (signIn.status !== 422) throw new Error(`sign-in request: HTTP ${signIn.status}`)
    log(`\nGET ${apiPaths.dashboard} over HTTP (${options.runs} samples per figure, median):`)
    log(
      '  period   cold (first)   warm (cached)   compute, no cache   opens in period   top queries',
    )
    for (const period of DASHBOARD_PERIODS) {
      const cold = await figures(period)
      const warm: number[] = []
      for (let i = 0; i < options.runs; i++) warm.push((await figures(period)).elapsed)
      const compute: number[] = []
      for (let i = 0; i < options.runs; i++) {
        const begin = performance.now()
        await computeDashboard(db, period, new Date())
        compute.push(performance.now() - begin)
      }
      const { body } = cold
      const opens = body.opensPerDay.reduce((sum, day) => sum + day.count, 0)
      log(
        `  ${period.padEnd(8)} ${ms(cold.elapsed).padStart(12)}` +
          `   ${ms(median(warm)).padStart(13)}   ${ms(median(compute)).padStart(17)}` +
          `   ${opens.toLocaleString('en').padStart(15)}   ${body.topQueries.length}`,
      )
    }
  } finally {
    await app.close()
    await db.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
  log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
