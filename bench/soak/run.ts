/**
 * The soak run: concurrent visitors and employees search, open document pages, download files
 * and upload real files for minutes on end against the real server (`src/main.ts` with the
 * demo catalogue, as `npm start` runs it), while the server's memory is sampled. Prints
 * requests, errors and latency per kind, throughput, memory, and where the text extraction of
 * the uploads stands. Exits 1 on any error. See bench/README.md.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { buildWorkload } from '../search/queries.ts'
import { discoverCatalogue } from './catalogue.ts'
import { EmployeeSession, runLoad, warmUp, type LoadContext } from './clients.ts'
import { readExtractionOutcome, type ExtractionOutcome } from './extraction.ts'
import { readProcMemory } from './proc-memory.ts'
import { Recorder } from './recorder.ts'
import {
  errorLines,
  extractionLines,
  memoryLines,
  requestTable,
  type MemoryTimeline,
} from './report.ts'
import { externalServer, startChildServer, type SoakServer } from './server.ts'

const OPTIONS = {
  minutes: { type: 'string', default: '5' },
  clients: { type: 'string', default: '16' },
  'uploads-per-minute': { type: 'string', default: '12' },
  'think-ms': { type: 'string', default: '100' },
  'warmup-seconds': { type: 'string', default: '10' },
  'idle-seconds': { type: 'string', default: '15' },
  'report-seconds': { type: 'string', default: '30' },
  'timeout-seconds': { type: 'string', default: '30' },
  seed: { type: 'string', default: '1' },
  url: { type: 'string' },
  pid: { type: 'string' },
  keep: { type: 'boolean', default: false },
} as const

function readOptions() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: OPTIONS })
  // `npm run soak -w bench --minutes 1` (without `--`) hands the options to npm, which keeps
  // them as its own settings (npm_config_*) and passes on only their values.
  const takenByNpm = Object.keys(OPTIONS).filter(
    (name) => process.env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined,
  )
  if (positionals.length || takenByNpm.length) {
    throw new Error(
      `npm took the options (${[...takenByNpm.map((n) => `--${n}`), ...positionals].join(' ')}): ` +
        'run `npm run soak -w bench -- --minutes 5 --clients 16`.',
    )
  }
  const number = (name: keyof typeof OPTIONS, min: number) => {
    const value = Number(values[name])
    if (!Number.isFinite(value) || value < min) {
      throw new Error(`--${name} must be a number >= ${min}, not ${String(values[name])}`)
    }
    return value
  }
  return {
    minutes: number('minutes', 0.1),
    clients: Math.round(number('clients', 1)),
    uploadsPerMinute: number('uploads-per-minute', 0),
    thinkMs: number('think-ms', 0),
    warmupSeconds: number('warmup-seconds', 0),
    idleSeconds: number('idle-seconds', 0),
    reportSeconds: number('report-seconds', 1),
    timeoutMs: number('timeout-seconds', 1) * 1000,
    seed: Math.round(number('seed', 0)),
    url: values.url,
    pid: values.pid === undefined ? null : Math.round(number('pid', 1)),
    keep: values.keep,
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const log = (line: string) => process.stdout.write(`${line}\n`)

async function main() {
  const options = readOptions()
  const runStarted = Date.now()
  log(
    `Soak: ${options.clients} clients (every fourth signed in), think ${options.thinkMs} ms, ` +
      `${options.uploadsPerMinute} uploads/min, ${options.minutes} min; ` +
      `${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`,
  )
  const server: SoakServer = options.url
    ? externalServer(options.url, options.pid)
    : // The visitors all come from 127.0.0.1: one client to the per-client search limit.
      await startChildServer({ SEARCH_RATE_LIMIT_PER_MINUTE: '0' })
  log(
    `Server: ${server.baseUrl}` +
      (server.dataDir ? ` (child pid ${server.pid}, DATA_DIR ${server.dataDir})` : '') +
      `, ready after ${((Date.now() - runStarted) / 1000).toFixed(1)} s`,
  )
  let failed = true
  try {
    failed = await soak(server, options)
  } finally {
    await server.stop()
    if (server.dataDir && !options.keep) {
      await fs.rm(server.dataDir, { recursive: true, force: true })
    }
  }
  process.exitCode = failed ? 1 : 0
}

async function soak(server: SoakServer, options: ReturnType<typeof readOptions>) {
  const ready = server.pid ? readProcMemory(server.pid) : null
  const catalogue = await discoverCatalogue(server.baseUrl)
  const workload = buildWorkload()
  const recorder = new Recorder()
  const ctx: LoadContext = {
    baseUrl: server.baseUrl,
    catalogue,
    searches: workload.search,
    prefixes: workload.prefixes,
    recorder,
    session: new EmployeeSession(server.baseUrl),
    thinkMs: options.thinkMs,
    timeoutMs: options.timeoutMs,
    seed: options.seed,
  }
  await ctx.session.authorization()
  const files = catalogue.withFiles.reduce((n, d) => n + d.files.length, 0)
  log(
    `Catalogue: ${catalogue.documentIds.length} published documents, ${catalogue.withFiles.length} ` +
      `with ${files} files; ${workload.search.length} searches, ${workload.prefixes.length} ` +
      `suggestion prefixes; web app page ${catalogue.servesWebApp ? 'served' : 'not built (skipped)'}`,
  )

  const memory: MemoryTimeline = {
    samples: [],
    heaps: [],
    ready,
    start: null,
    end: null,
    measuredSeconds: 0,
  }
  await warmUp(ctx, options.warmupSeconds)
  const heap = async (t: number) => {
    const figures = await server.collectGarbage?.()
    if (figures) memory.heaps.push({ t, heap: figures })
  }
  await heap(0)
  memory.start = server.pid ? readProcMemory(server.pid) : null

  const started = Date.now()
  const seconds = () => (Date.now() - started) / 1000
  const sampler = setInterval(() => {
    const now = server.pid ? readProcMemory(server.pid) : null
    if (now) memory.samples.push({ t: seconds(), memory: now })
  }, 1000)
  const reporter = setInterval(() => {
    const t = seconds()
    const window = recorder.takeWindow()
    const rss = memory.samples.at(-1)?.memory.rss
    void heap(t).then(() => {
      const heapUsed = memory.heaps.at(-1)?.t === t ? memory.heaps.at(-1)?.heap.heapUsed : undefined
      log(
        `  ${t.toFixed(0).padStart(5)} s  ${(window.n / options.reportSeconds).toFixed(1).padStart(7)} req/s` +
          `  p95 ${window.p95.toFixed(1).padStart(7)} ms  errors ${window.errors}` +
          (rss === undefined ? '' : `  RSS ${rss.toFixed(1)} MB`) +
          (heapUsed === undefined ? '' : `  heap after GC ${heapUsed.toFixed(1)} MB`),
      )
    })
  }, options.reportSeconds * 1000)

  recorder.measuring = true
  const uploaded = await runLoad(ctx, {
    clients: options.clients,
    uploadsPerMinute: options.uploadsPerMinute,
    until: started + options.minutes * 60_000,
  })
  recorder.measuring = false
  memory.measuredSeconds = seconds()
  clearInterval(reporter)

  // Idle, so the extraction of the last uploads and the server's own timers can finish.
  await sleep(options.idleSeconds * 1000)
  clearInterval(sampler)
  await heap(seconds())
  memory.end = server.pid ? readProcMemory(server.pid) : null
  const serverLog = server.log()
  const aliveAtEnd = memory.end !== null || server.pid === null
  const exitCode = await server.stop()

  let extraction: ExtractionOutcome | null = null
  let why = 'the server at --url is not ours: its database is not read'
  if (server.dataDir && uploaded.length > 0) {
    extraction = await readExtractionOutcome(server.dataDir, uploaded).catch((error: unknown) => {
      why = `reading the database failed: ${String(error)}`
      return null
    })
  }

  const measured = memory.measuredSeconds
  const total = recorder.all().length
  log('')
  log(
    `Measured ${measured.toFixed(1)} s: ${total.toLocaleString('en')} requests, ` +
      `${(total / measured).toFixed(1)} req/s, ${uploaded.length} uploads`,
  )
  requestTable(recorder, measured).forEach(log)
  errorLines(recorder).forEach(log)
  memoryLines(memory, server.pid).forEach(log)
  extractionLines(uploaded.length, extraction, why).forEach(log)
  if (server.dataDir) {
    log(
      `Server: ${aliveAtEnd ? 'up' : 'DIED'} until the end, stopped with exit code ${exitCode}; ` +
        `${serverLog.errorCount} log lines at level error or fatal`,
    )
    serverLog.errors.slice(0, 5).forEach((line) => log(`  ${line.slice(0, 400)}`))
    if (!aliveAtEnd || exitCode !== 0) serverLog.tail.forEach((line) => log(`  | ${line}`))
  }
  const failed = recorder.errorCount() > 0 || !aliveAtEnd
  log(failed ? 'FAIL' : 'PASS: no errors')
  return failed
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
