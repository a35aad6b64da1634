import type { ExtractionOutcome } from './extraction.ts'
import type { HeapAfterGc } from './gc-signal.ts'
import type { ProcMemory } from './proc-memory.ts'
import { fmt as ms, pad, stats, thousands } from '../shared/stats.ts'
import { REQUEST_KINDS, type Recorder } from './recorder.ts'

/** The printed report of a soak run. */
const mb = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1))

export function requestTable(recorder: Recorder, seconds: number): string[] {
  const lines = [
    `  ${'kind'.padEnd(10)}${pad('requests', 10)}${pad('errors', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('req/s', 8)}`,
  ]
  const row = (name: string, values: readonly number[], errors: number) => {
    const s = stats(values)
    lines.push(
      `  ${name.padEnd(10)}${pad(thousands(s.n), 10)}${pad(errors, 8)}${pad(ms(s.p50), 9)}${pad(ms(s.p95), 9)}${pad(ms(s.p99), 9)}${pad(ms(s.max), 9)}${pad((s.n / seconds).toFixed(1), 8)}`,
    )
  }
  for (const kind of REQUEST_KINDS) {
    if (recorder.latenciesOf(kind).length > 0) {
      row(kind, recorder.latenciesOf(kind), recorder.errorCount(kind))
    }
  }
  row('all', recorder.all(), recorder.errorCount())
  return lines
}

export function errorLines(recorder: Recorder): string[] {
  if (recorder.errorCount() === 0) return ['Errors: none']
  const lines = [`Errors: ${recorder.errorCount()}`]
  for (const kind of REQUEST_KINDS) {
    for (const [reason, count] of recorder.errorsOf(kind)) {
      lines.push(`  ${kind.padEnd(10)}${pad(count, 6)}  ${reason}`)
    }
  }
  lines.push('  first ones:', ...recorder.examples.map((example) => `    ${example}`))
  return lines
}

export interface MemoryTimeline {
  /** Seconds since the measurement began, and the server's memory then. */
  samples: { t: number; memory: ProcMemory }[]
  /** Heap after a full GC, at the start, at every progress line, and at the end. */
  heaps: { t: number; heap: HeapAfterGc }[]
  /** Right after /readyz, before any request of the soak. */
  ready: ProcMemory | null
  start: ProcMemory | null
  end: ProcMemory | null
  measuredSeconds: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN
}

export function memoryLines(memory: MemoryTimeline, pid: number | null): string[] {
  if (pid === null) return ['Server memory: not measured (give --pid with --url)']
  const during = memory.samples.filter((s) => s.t >= 0 && s.t <= memory.measuredSeconds)
  const third = memory.measuredSeconds / 3
  const firstThird = median(during.filter((s) => s.t < third).map((s) => s.memory.rss))
  const lastThird = median(during.filter((s) => s.t >= 2 * third).map((s) => s.memory.rss))
  const measured = [memory.start, ...memory.samples.map((s) => s.memory), memory.end].filter(
    (m): m is ProcMemory => m !== null,
  )
  const peak = Math.max(...measured.map((m) => m.rss))
  const descendants = Math.max(0, ...measured.map((m) => m.descendants))
  const names = [...new Set(measured.flatMap((m) => m.descendantNames))].join(', ')
  const firstHeap = memory.heaps[0]?.heap
  const lastHeap = memory.heaps.at(-1)?.heap
  const gc = firstHeap ? ', full GC' : ''
  const row = (label: string, value: string) => `  ${label.padEnd(38)}${value}`
  const growth = lastThird - firstThird
  const lines = [
    `Server memory (pid ${pid}, RSS from /proc, MB):`,
    row('after start-up, before any load', mb(memory.ready?.rss)),
    row(`start (after warm-up${gc})`, mb(memory.start?.rss)),
    row(
      'peak, sampled each second',
      `${mb(peak)}  (VmHWM over its whole life: ${mb(memory.end?.peak)})`,
    ),
    row(
      'median, first / last third of the run',
      `${mb(firstThird)} / ${mb(lastThird)}  (${growth >= 0 ? '+' : ''}${mb(growth)})`,
    ),
    row(`end (after idle${lastHeap ? ', full GC' : ''})`, mb(memory.end?.rss)),
  ]
  if (descendants > 0) lines.push(row('child processes, at most', `${mb(descendants)} (${names})`))
  if (firstHeap && lastHeap) {
    lines.push(
      row(
        'V8 heap used after GC, start / end',
        `${mb(firstHeap.heapUsed)} / ${mb(lastHeap.heapUsed)}`,
      ),
      row(
        'external (ArrayBuffers), start / end',
        `${mb(firstHeap.external)} (${mb(firstHeap.arrayBuffers)}) / ${mb(lastHeap.external)} (${mb(lastHeap.arrayBuffers)})`,
      ),
      row(
        'heap after GC, each progress line',
        memory.heaps.map((h) => mb(h.heap.heapUsed)).join(', '),
      ),
    )
  }
  return lines
}

export function extractionLines(
  uploaded: number,
  outcome: ExtractionOutcome | null,
  why: string,
): string[] {
  if (uploaded === 0) return ['Extraction: no uploads']
  if (!outcome) return [`Extraction of the ${uploaded} uploads: not checked (${why})`]
  const files = Object.entries(outcome.files)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ')
  const unfinished = Object.entries(outcome.files)
    .filter(([status]) => status !== 'done' && status !== 'failed')
    .reduce((sum, [, count]) => sum + count, 0)
  const lines = [
    `Extraction of the files of ${uploaded} uploads: ${files}; ` +
      (unfinished === 0 ? 'all finished' : `${unfinished} NOT finished when the server stopped`),
  ]
  for (const job of outcome.jobs) {
    lines.push(
      `  jobs ${job.status.padEnd(8)}${pad(job.count, 6)}  attempts at most ${job.maxAttempts}` +
        (Number.isFinite(job.p50s)
          ? `, upload to finish p50 ${job.p50s.toFixed(1)} s, max ${job.maxs.toFixed(1)} s`
          : ''),
    )
  }
  for (const failure of outcome.failures) lines.push(`  error: ${failure.slice(0, 300)}`)
  return lines
}
