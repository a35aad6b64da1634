/**
 * The Data API under a big table (issue 31's targets): a generated Dutch CSV of 1,000,000 rows
 * and 12 columns is uploaded to the real server (a child process, as `npm start` runs it),
 * loaded (and checked for personal data) in the background, approved, and then queried.
 *
 *   npm run tables -w bench                       # PGlite, 1,000,000 rows
 *   npm run tables -w bench -- --pg               # PostgreSQL (BENCH_DATABASE_URL, dropped first)
 *   npm run tables -w bench -- --rows 100000      # a smaller table
 *
 * Measured: the load (upload answered until `geladen`) and the server's memory growth during
 * it; public search p95 idle and while the table loads; the rows API p95 for an equality
 * filter + sort + page of 100, a range filter + sort on random columns, and `q` over text;
 * the whole table as CSV (time, and the server's memory meanwhile).
 */
import { openAsBlob } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import {
  API_PREFIX,
  apiPaths,
  DocumentDetail,
  TableInfo,
  UPLOAD_FIELDS,
  UploadResult,
  type DocumentPrivacy,
  type RowsPage,
} from '@dataportaal/contract'
import { signIn } from '../../apps/server/test/http-sign-in.ts'
import { percentile } from '../shared/stats.ts'
import { readProcMemory } from '../soak/proc-memory.ts'
import { startChildServer, type SoakServer } from '../soak/server.ts'
import { CATEGORIES, HEADER, MUNICIPALITIES, writeDutchCsv } from './generate.ts'
import { DEFAULT_PG_URL } from '../search/database.ts'

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    pg: { type: 'boolean', default: false },
    requests: { type: 'string', default: '200' },
  },
})
const ROWS = Number(options.rows)
const REQUESTS = Number(options.requests)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ms = (value: number) => `${value.toFixed(1)} ms`

let seed = 7
/** A small deterministic PRNG, so two runs send the same requests. */
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!

async function freshPgDatabase(): Promise<string> {
  const url = new URL(process.env.BENCH_DATABASE_URL || DEFAULT_PG_URL)
  const name = url.pathname.slice(1)
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).href })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  return url.href
}

/** Milliseconds of each request, sequential (one client, as a script would ask). */
async function timed(urls: readonly string[], check: (response: Response) => Promise<void>) {
  const times: number[] = []
  for (const url of urls) {
    const started = performance.now()
    const response = await fetch(url)
    await check(response)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

const ok = async (response: Response) => {
  const body = await response.arrayBuffer()
  if (!response.ok) {
    throw new Error(`HTTP ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`)
  }
}

const SEARCHES = ['afval', 'bevolking', 'fiets', 'parkeren', 'gemeente', 'onderwijs', 'wijk']

async function searchTimes(server: SoakServer, count: number) {
  const urls = Array.from(
    { length: count },
    (_, i) =>
      `${server.baseUrl}${API_PREFIX.public}${apiPaths.search}?query=${SEARCHES[i % SEARCHES.length]}`,
  )
  return timed(urls, ok)
}

/**
 * Approves the upload once its personal-data check is done, as an admin must: a part the
 * check could not finish (a million rows may take past its time limit) or a finding is
 * judged first. Returns the seconds it waited.
 */
async function approveWhenChecked(api: string, id: string, token: string) {
  const started = performance.now()
  const headers = { authorization: `Bearer ${token}` }
  let privacy: DocumentPrivacy | undefined
  for (;;) {
    const response = await fetch(`${api}${apiPaths.document(id)}`, { headers })
    privacy = DocumentDetail.parse(await response.json()).privacy
    if (privacy && !privacy.pending) break
    await sleep(1000)
  }
  const reason = 'Gegenereerde benchmarkgegevens, geen personen.'
  const findings = privacy.findings
    .filter((finding) => !finding.resolution)
    .map((finding) => ({ id: finding.id, resolution: 'geen-persoonsgegeven' as const, reason }))
  const unscanned = privacy.unscanned
    .filter((part) => !part.reviewedBy)
    .map((part) => ({ fileId: part.fileId ?? null, reason }))
  if (findings.length + unscanned.length > 0) {
    const reviewed = await fetch(`${api}${apiPaths.privacyReview(id)}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ findings, unscanned }),
    })
    if (!reviewed.ok) throw new Error(`review: HTTP ${reviewed.status} ${await reviewed.text()}`)
  }
  // The specification's approve is a GET (section 7).
  const approved = await fetch(`${api}${apiPaths.approve(id)}`, { headers })
  if (!approved.ok) throw new Error(`approve: HTTP ${approved.status} ${await approved.text()}`)
  return (performance.now() - started) / 1000
}

async function main() {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'dataportaal-tables-bench-'))
  const csv = path.join(work, 'bedragen-per-gemeente.csv')
  let started = performance.now()
  await writeDutchCsv(csv, ROWS)
  const size = (await fs.stat(csv)).size
  console.log(
    `CSV: ${ROWS.toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(1)} MB, written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )

  const env: Record<string, string> = {
    SEARCH_RATE_LIMIT_PER_MINUTE: '0',
    // Every search runs (no answer from the cache), idle and while the table loads alike.
    SEARCH_CACHE_ENTRIES: '0',
    MAX_UPLOAD_MB: String(Math.ceil(size / 1024 / 1024) + 10),
    LOG_LEVEL: 'warn',
  }
  if (options.pg) env.DATABASE_URL = await freshPgDatabase()
  const server = await startChildServer(env)
  const pub = `${server.baseUrl}${API_PREFIX.public}`
  try {
    console.log(`server: ${options.pg ? 'PostgreSQL' : 'PGlite'}, ${server.baseUrl}`)
    // The demo catalogue's own tables load at start; wait for the queue to be quiet.
    await sleep(15_000)
    await searchTimes(server, 20)
    const idle = await searchTimes(server, 100)

    const employee = await signIn(server.baseUrl, 'medewerker')
    const admin = await signIn(server.baseUrl, 'beheerder')
    const form = new FormData()
    form.append(UPLOAD_FIELDS.title, 'Bedragen per gemeente (benchmark)')
    form.append(UPLOAD_FIELDS.description, 'Een gegenereerde tabel van een miljoen rijen.')
    form.append(UPLOAD_FIELDS.contentTypeName, 'Dataset')
    form.append(UPLOAD_FIELDS.sourceFriendlyName, 'Financiën en Bestuur')
    form.append(UPLOAD_FIELDS.license, 'CC0-1.0')
    form.append(UPLOAD_FIELDS.files, await openAsBlob(csv), path.basename(csv))
    const rssBefore = server.pid ? (readProcMemory(server.pid)?.rss ?? 0) : 0
    started = performance.now()
    const uploaded = await fetch(`${server.baseUrl}${API_PREFIX.authenticated}${apiPaths.upload}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${employee.idToken}` },
    })
    if (!uploaded.ok) throw new Error(`upload: HTTP ${uploaded.status} ${await uploaded.text()}`)
    const { contentUID } = UploadResult.parse(await uploaded.json())
    const uploadSeconds = (performance.now() - started) / 1000
    const authorized = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
    const api = `${server.baseUrl}${API_PREFIX.authenticated}`
    const owned = DocumentDetail.parse(
      await (
        await fetch(`${api}${apiPaths.document(contentUID)}`, authorized(employee.idToken))
      ).json(),
    )
    const fileId = owned.files[0]!.id

    // Search while the table loads, and the load itself.
    started = performance.now()
    let peakRss = rssBefore
    let info: TableInfo | null = null
    // A visitor searching every 100 ms from the upload until the table is loaded, beside
    // the polls (a poll that waits for the database must not hold the searches back).
    const duringLoad: number[] = []
    let loading = true
    const visitor = (async () => {
      for (let i = 0; loading; i++) {
        const url = `${pub}${apiPaths.search}?query=${SEARCHES[i % SEARCHES.length]}`
        const begun = performance.now()
        await ok(await fetch(url))
        duringLoad.push(performance.now() - begun)
        await sleep(100)
      }
    })()
    for (;;) {
      const response = await fetch(
        `${api}${apiPaths.fileTable(contentUID, fileId)}`,
        authorized(admin.idToken),
      )
      info = TableInfo.parse(await response.json())
      if (info.loadStatus === 'geladen' || info.loadStatus === 'mislukt') break
      if (server.pid) peakRss = Math.max(peakRss, readProcMemory(server.pid)?.rss ?? 0)
      await sleep(500)
    }
    loading = false
    await visitor
    const loadSeconds = (performance.now() - started) / 1000
    if (info.loadStatus !== 'geladen') throw new Error(`the table did not load: ${info.reason}`)
    duringLoad.sort((a, b) => a - b)
    const checkSeconds = await approveWhenChecked(api, contentUID, admin.idToken)

    const rowsUrl = (query: string) => `${pub}${apiPaths.fileRows(contentUID, fileId)}?${query}`
    const column = (name: string) => encodeURIComponent(name)
    const numeric = ['Inwoners', 'Bedrag (€)', 'Percentage', 'Aantal', 'Peildatum', 'Tijdstip']
    const sortable = HEADER.filter((name) => name !== 'Omschrijving')
    const rangeValue = (name: string) => {
      if (name === 'Peildatum')
        return `${2015 + Math.floor(random() * 10)}-0${1 + Math.floor(random() * 9)}-01`
      if (name === 'Tijdstip') return `${2015 + Math.floor(random() * 10)}-06-01T00:00:00`
      if (name === 'Percentage') return String(Math.floor(random() * 100))
      if (name === 'Bedrag (€)') return String(Math.floor(random() * 2_000_000 - 100_000))
      return String(Math.floor(random() * 10_000))
    }
    const equality = Array.from({ length: REQUESTS }, () =>
      rowsUrl(
        `filter[${column('Regio')}]=eq:${encodeURIComponent(pick(MUNICIPALITIES))}&sort=${column(pick(['-Bedrag (€)', 'Peildatum', 'Inwoners']))}&limit=100`,
      ),
    )
    const range = Array.from({ length: REQUESTS }, () => {
      const filtered = pick(numeric)
      return rowsUrl(
        `filter[${column(filtered)}]=${pick(['gte', 'lte'])}:${encodeURIComponent(rangeValue(filtered))}&sort=${random() < 0.5 ? '-' : ''}${column(pick(sortable))}&limit=100`,
      )
    })
    const text = Array.from({ length: REQUESTS }, () =>
      rowsUrl(
        `q=${encodeURIComponent(pick([...CATEGORIES, 'zonnepanelen', 'riolering', 'Súdwest', 'breda']).toLowerCase())}&limit=100`,
      ),
    )
    const pageCheck = async (response: Response) => {
      if (!response.ok) throw new Error(`rows: HTTP ${response.status} ${await response.text()}`)
      const page = (await response.json()) as RowsPage
      if (page.rows.length === 0 && page.total > 0)
        throw new Error('an empty page of a non-empty result')
    }
    await timed(equality.slice(0, 10), pageCheck)
    const equalityTimes = await timed(equality, pageCheck)
    const rangeTimes = await timed(range, pageCheck)
    const textTimes = await timed(text, pageCheck)

    started = performance.now()
    const exportBefore = server.pid ? (readProcMemory(server.pid)?.rss ?? 0) : 0
    let exportPeak = exportBefore
    const sampler = setInterval(() => {
      if (server.pid) exportPeak = Math.max(exportPeak, readProcMemory(server.pid)?.rss ?? 0)
    }, 250)
    const exported = await fetch(rowsUrl('format=csv'))
    let bytes = 0
    let lines = 0
    for await (const chunk of exported.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) lines++
    }
    clearInterval(sampler)
    const exportSeconds = (performance.now() - started) / 1000

    const p95 = (times: number[]) => ms(percentile(times, 95))
    const p50 = (times: number[]) => ms(percentile(times, 50))
    console.log(`upload answered in ${uploadSeconds.toFixed(1)} s`)
    console.log(`personal-data check done and approved ${checkSeconds.toFixed(1)} s after the load`)
    console.log(
      `load: ${loadSeconds.toFixed(1)} s to 'geladen', ${info.rowCount.toLocaleString('en')} rows; server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB (+${(peakRss - rssBefore).toFixed(0)} MB)`,
    )
    console.log(
      `public search: idle p50 ${p50(idle)} p95 ${p95(idle)}; while loading (${duringLoad.length}) p50 ${p50(duringLoad)} p95 ${p95(duringLoad)}`,
    )
    console.log(`rows, eq filter + sort + 100: p50 ${p50(equalityTimes)} p95 ${p95(equalityTimes)}`)
    console.log(`rows, range filter + sort:    p50 ${p50(rangeTimes)} p95 ${p95(rangeTimes)}`)
    console.log(`rows, q over text:            p50 ${p50(textTimes)} p95 ${p95(textTimes)}`)
    console.log(
      `CSV export: ${lines.toLocaleString('en')} lines, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s; server RSS ${exportBefore.toFixed(0)} MB before, peak ${exportPeak.toFixed(0)} MB`,
    )
    const { errorCount, errors } = server.log()
    if (errorCount > 0) console.log(`server errors: ${errorCount}\n${errors.join('\n')}`)
  } finally {
    await server.stop()
    await fs.rm(work, { recursive: true, force: true })
    if (server.dataDir) await fs.rm(server.dataDir, { recursive: true, force: true })
  }
}

await main()
