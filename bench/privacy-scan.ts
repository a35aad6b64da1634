/**
 * The personal-data check's speed (issue 32): MB of text a second of the text scan, and cells
 * a second of the column scan of a table file.
 *
 *   npm run privacy-scan -w bench                    # 20 MB of text, a CSV of 200,000 rows
 *   npm run privacy-scan -w bench -- --mb 50 --rows 1000000
 *
 * Text: a generated Dutch text (report sentences full of figures, dates, years, amounts, CBS
 * codes, postcodes without a house number, and one personal value in about every 20 kB),
 * fed to the streaming scanner in 64 kB pieces as a reader gives it, in this thread; the best
 * and the median of 5 runs, by the wall clock and by the CPU time this process used (on a
 * shared machine the wall clock also counts other processes' turns). Table: a generated CSV of 8 columns (a BSN column, an e-mail
 * column, numbers, amounts, dates, text, postcodes) checked by scanFileForPersonalData, in the
 * reader thread as the server runs it (parsing included); the best of 3 runs; and the cells
 * alone (the rows split beforehand, this thread, per CPU second).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { MEDIA_TYPES } from '@dataportaal/contract'
import { FindingCollector } from '../apps/server/src/privacy-scan/findings.ts'
import { scanFileForPersonalData } from '../apps/server/src/privacy-scan/index.ts'
import { SCAN_MAX_COLUMNS, scanTable } from '../apps/server/src/privacy-scan/table-scan.ts'
import { StreamingTextScanner } from '../apps/server/src/privacy-scan/text-scan.ts'
import type { TableSource } from '../apps/server/src/table-loading/source.ts'
import { stats } from './shared/stats.ts'

const { values: options } = parseArgs({
  options: {
    mb: { type: 'string', default: '20' },
    rows: { type: 'string', default: '200000' },
  },
})
const TEXT_MB = Number(options.mb)
const ROWS = Number(options.rows)

let seed = 11
/** A small deterministic PRNG, so two runs scan the same text. */
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
const int = (max: number) => Math.floor(random() * max)

/** A valid BSN: eight digits and the check digit the elfproef asks. */
function bsn(): string {
  for (;;) {
    const eight = String(10_000_000 + int(89_999_999))
    let sum = 0
    for (let i = 0; i < 8; i++) sum += (9 - i) * Number(eight[i])
    if (sum % 11 < 10) return eight + (sum % 11)
  }
}

const SUBJECTS = [
  'De gemeente',
  'Het college',
  'De raad',
  'Het aantal inwoners',
  'De wijk Noord',
  'Het budget',
]
const VERBS = ['steeg in', 'daalde tot', 'bedroeg op', 'is vastgesteld op', 'werd besproken op']
const FIGURES = [
  () => `€ ${int(999)}.${String(int(1000)).padStart(3, '0')},${String(int(100)).padStart(2, '0')}`,
  () => `${int(31) + 1}-${int(12) + 1}-20${10 + int(15)}`,
  () => `${1990 + int(35)}`,
  () => `${int(100)},${int(10)}%`,
  () => `${80_000 + int(9_999)}NED`,
  () => `${1000 + int(8999)} ${pick(['AB', 'CD', 'KL', 'XY'])}`,
  () => `KvK ${10_000_000 + int(89_999_999)}`,
  () => `versie ${int(5)}.${int(20)}.${int(100)}`,
  () => `${int(24)}:${String(int(60)).padStart(2, '0')} uur`,
]
const PERSONAL = [
  () => `BSN ${bsn()}`,
  () => 'rekening NL91 ABNA 0417 1643 00',
  () => `mail p.${int(1000)}@example.nl`,
  () => `tel. 06-${10_000_000 + int(89_999_999)}`,
  () => `Dorpsstraat ${int(200) + 1}, 1234 AB`,
]

function dutchText(bytes: number): { text: string; planted: number } {
  const parts: string[] = []
  let length = 0
  let planted = 0
  let sincePersonal = 0
  while (length < bytes) {
    let sentence = `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(FIGURES)()} en ${pick(FIGURES)()} volgens het verslag van ${pick(FIGURES)()}.`
    if (sincePersonal > 20_000) {
      sentence += ` Contact: ${pick(PERSONAL)()}.`
      planted++
      sincePersonal = 0
    }
    sentence += random() < 0.1 ? '\n\n' : ' '
    parts.push(sentence)
    length += sentence.length
    sincePersonal += sentence.length
  }
  return { text: parts.join(''), planted }
}

function scanText(text: string): number {
  const collector = new FindingCollector()
  const scanner = new StreamingTextScanner(collector)
  scanner.place('tekst')
  for (let at = 0; at < text.length; at += 65_536) scanner.add(text.slice(at, at + 65_536))
  scanner.end()
  return collector.findings().reduce((n, finding) => n + finding.count, 0)
}

const COLUMNS = ['nr', 'bsn', 'naam', 'email', 'bedrag', 'datum', 'opmerking', 'postcode']
function csvRow(i: number): string {
  return [
    i,
    bsn(),
    pick(['Jansen', 'De Vries', 'Bakker', 'Visser']),
    `p.${i}@example.nl`,
    `${int(99_999)},${int(100)}`,
    `${int(28) + 1}-${int(12) + 1}-20${10 + int(15)}`,
    `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(FIGURES)()}`,
    `${1000 + int(8999)} AB`,
  ].join(';')
}

async function main() {
  console.log(
    `# privacy-scan, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`,
  )

  const { text, planted } = dutchText(TEXT_MB * 1024 * 1024)
  const megabytes = Buffer.byteLength(text) / (1024 * 1024)
  const seconds: number[] = []
  const cpuSeconds: number[] = []
  let found = 0
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const cpu = process.cpuUsage()
    found = scanText(text)
    const used = process.cpuUsage(cpu)
    seconds.push((performance.now() - started) / 1000)
    cpuSeconds.push((used.user + used.system) / 1e6)
  }
  const textStats = stats(seconds)
  const best = Math.min(...seconds)
  const cpuStats = stats(cpuSeconds)
  console.log(
    `\ntext scan: ${megabytes.toFixed(1)} MB of Dutch text, ${planted} personal values planted, ${found} found`,
  )
  console.log(
    `  wall clock: best ${(megabytes / best).toFixed(1)} MB/s (${best.toFixed(2)} s), median ${(megabytes / textStats.p50).toFixed(1)} MB/s (${textStats.p50.toFixed(2)} s)`,
  )
  // On a machine shared with other work the wall clock counts the others' turns too.
  console.log(
    `  per CPU second of this process: best ${(megabytes / Math.min(...cpuSeconds)).toFixed(1)} MB/s, median ${(megabytes / cpuStats.p50).toFixed(1)} MB/s`,
  )

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'privacy-bench-'))
  try {
    const csv = path.join(dir, 'clienten.csv')
    const lines = [COLUMNS.join(';')]
    for (let i = 1; i <= ROWS; i++) lines.push(csvRow(i))
    await fs.writeFile(csv, `${lines.join('\n')}\n`)
    const size = (await fs.stat(csv)).size / (1024 * 1024)
    const cells = ROWS * COLUMNS.length
    const runs: number[] = []
    let findings = ''
    for (let run = 0; run < 3; run++) {
      const started = performance.now()
      const scan = await scanFileForPersonalData(csv, MEDIA_TYPES.csv, { timeoutMs: 600_000 })
      runs.push((performance.now() - started) / 1000)
      if (!scan.ok) throw new Error(`not checked: ${scan.reason}`)
      findings = scan.findings.map((f) => `${f.kind} ${f.count} (${f.location})`).join('; ')
    }
    const fastest = Math.min(...runs)
    console.log(
      `\ncolumn scan: CSV of ${ROWS} rows x ${COLUMNS.length} columns (${size.toFixed(1)} MB), in the reader thread`,
    )
    console.log(
      `  best ${Math.round(cells / fastest).toLocaleString('en')} cells/s (${fastest.toFixed(2)} s; runs ${runs.map((s) => s.toFixed(2)).join(', ')} s)`,
    )
    console.log(`  findings: ${findings}`)

    // The cells alone, without reading the file: the rows split beforehand, in this thread.
    const rows = lines.map((line) => line.split(';'))
    const source: TableSource = {
      numberStyle: 'comma',
      reportsMissingCells: true,
      headerFirst: false,
      async read(sink) {
        for (const [i, cells] of rows.entries()) {
          if (!sink({ index: 0, name: null }, { rowNumber: i + 1, cells })) return
        }
      },
    }
    const limits = {
      maxRows: Number.MAX_SAFE_INTEGER,
      maxColumns: SCAN_MAX_COLUMNS,
      timeoutMs: 0,
      memoryMb: 0,
      maxLineBytes: 8 * 1024 * 1024,
      maxEntryBytes: 0,
      chunkBytes: 0,
    }
    const cellRuns: number[] = []
    for (let run = 0; run < 3; run++) {
      const cpu = process.cpuUsage()
      await scanTable(source, limits)
      const used = process.cpuUsage(cpu)
      cellRuns.push((used.user + used.system) / 1e6)
    }
    console.log(
      `  the cells alone (rows split beforehand), per CPU second: best ${Math.round(cells / Math.min(...cellRuns)).toLocaleString('en')} cells/s`,
    )
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

await main()
