import { stats } from '../shared/stats.ts'

/** Every request the soak sends, by kind: latencies, errors, and a window for progress lines. */
export const REQUEST_KINDS = [
  'search',
  'suggest',
  'page',
  'document',
  'open',
  'preview',
  'download',
  'upload',
] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

/** At most this many failed requests are kept whole, to be printed. */
const EXAMPLES = 12

export class Recorder {
  private readonly latencies = new Map<RequestKind, number[]>(
    REQUEST_KINDS.map((kind) => [kind, []]),
  )
  /** Per kind: reason (`HTTP 503`, `network: …`, `body: …`) and how often. */
  private readonly errors = new Map<RequestKind, Map<string, number>>(
    REQUEST_KINDS.map((kind) => [kind, new Map()]),
  )
  readonly examples: string[] = []
  private window: number[] = []
  private windowErrors = 0

  /** Counted only while true: the warm-up before the measurement is not. */
  measuring = false

  record(kind: RequestKind, ms: number, error?: { reason: string; detail: string }) {
    if (!this.measuring) return
    this.latencies.get(kind)!.push(ms)
    this.window.push(ms)
    if (!error) return
    const reasons = this.errors.get(kind)!
    reasons.set(error.reason, (reasons.get(error.reason) ?? 0) + 1)
    this.windowErrors++
    if (this.examples.length < EXAMPLES) this.examples.push(`${kind}: ${error.detail}`)
  }

  /** The requests and errors since the last call. */
  takeWindow() {
    const window = { ...stats(this.window), errors: this.windowErrors }
    this.window = []
    this.windowErrors = 0
    return window
  }

  latenciesOf(kind: RequestKind): readonly number[] {
    return this.latencies.get(kind)!
  }

  all(): number[] {
    return REQUEST_KINDS.flatMap((kind) => this.latencies.get(kind)!)
  }

  errorsOf(kind: RequestKind): Map<string, number> {
    return this.errors.get(kind)!
  }

  errorCount(kind?: RequestKind): number {
    const kinds = kind ? [kind] : REQUEST_KINDS
    return kinds.flatMap((k) => [...this.errors.get(k)!.values()]).reduce((a, b) => a + b, 0)
  }
}
