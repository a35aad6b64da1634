/** Percentiles and the number formats of the benchmarks' printed reports. */

export interface Stats {
  n: number
  p50: number
  p95: number
  p99: number
  mean: number
  max: number
}

/** The nearest-rank percentile of sorted values; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export function stats(values: readonly number[]): Stats {
  const sorted = Array.from(Float64Array.from(values).sort())
  const sum = sorted.reduce((a, b) => a + b, 0)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : NaN,
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  }
}

export const median = (values: readonly number[]) => stats(values).p50

/** Milliseconds (or any figure) with `digits` decimals; '-' for NaN. */
export const fmt = (ms: number, digits = 1) => (Number.isFinite(ms) ? ms.toFixed(digits) : '-')
export const pad = (text: string | number, width: number) => String(text).padStart(width)
export const padEnd = (text: string | number, width: number) => String(text).padEnd(width)
export const thousands = (n: number) => n.toLocaleString('en')
