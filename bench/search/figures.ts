/** The measured figures, the machine they were measured on, and the targets they are held to. */
import os from 'node:os'
import type { Stats } from '../shared/stats.ts'
import type { DbKind } from './database.ts'

export interface Figures {
  api: Record<'search' | 'complete', Record<number, Stats & { throughput: number; errors: number }>>
  /** Request event to answer handed over, in the server (c=1, first round). */
  server: Record<'search' | 'complete', Stats>
  /** The statements' own time while the server ran them (same requests). */
  sqlInServer: Record<'search' | 'complete', Stats>
  bare: Record<'search' | 'complete', Stats & { throughput: number }>
  ratio: Record<'search' | 'complete', { p50: number; mean: number }>
  serverRatio: Record<'search' | 'complete', { p50: number; mean: number }>
}

export function machine() {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  }
}

export interface Target {
  name: string
  limit: number
  value: number
  unit: 'ms' | 'x'
}

export function targetsFor(kind: DbKind, docs: number, figures: Figures): Target[] {
  const search1 = figures.api.search[1]!
  const search8 = figures.api.search[8]!
  const complete1 = figures.api.complete[1]!
  const complete8 = figures.api.complete[8]!
  if (kind === 'pglite') {
    return [
      { name: 'search p95, c=1', limit: 250, value: search1.p95, unit: 'ms' },
      { name: 'search p95, c=8', limit: 250, value: search8.p95, unit: 'ms' },
    ]
  }
  void docs
  return [
    { name: 'search p50, c=1', limit: 25, value: search1.p50, unit: 'ms' },
    { name: 'search p50, c=8', limit: 25, value: search8.p50, unit: 'ms' },
    { name: 'search p95, c=1 (aim 50)', limit: 100, value: search1.p95, unit: 'ms' },
    { name: 'search p95, c=8 (aim 50)', limit: 100, value: search8.p95, unit: 'ms' },
    { name: 'suggestions p95, c=1', limit: 15, value: complete1.p95, unit: 'ms' },
    { name: 'suggestions p95, c=8', limit: 15, value: complete8.p95, unit: 'ms' },
    { name: 'search API/bare SQL, p50', limit: 1.3, value: figures.ratio.search.p50, unit: 'x' },
    { name: 'search API/bare SQL, mean', limit: 1.3, value: figures.ratio.search.mean, unit: 'x' },
    { name: 'suggest API/bare SQL, p50', limit: 1.3, value: figures.ratio.complete.p50, unit: 'x' },
    {
      name: 'suggest API/bare SQL, mean',
      limit: 1.3,
      value: figures.ratio.complete.mean,
      unit: 'x',
    },
  ]
}
