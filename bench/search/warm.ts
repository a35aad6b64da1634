/**
 * The warm measurement: the same search paths asked as visitors ask them, a few often and
 * most rarely (Zipf), against an app whose result cache is on. The cold passes show what a
 * search costs; this shows what the cache makes of a realistic mix.
 */
import { stats, type Stats } from '../shared/stats.ts'
import { CONCURRENCY, LoadClient, measure } from './load-client.ts'
import { Random } from './synthesize.ts'

/** The skew of the mix: the k-th most asked path is asked in proportion to 1 / k^s. */
export const ZIPF_EXPONENT = 1.0
/** Seed of the popularity order and of the sequence, so every run asks the same. */
export const WARM_SEED = 'dataportaal-bench-warm-1'
/** The warm instance's `SEARCH_CACHE_ENTRIES`: the server's default. */
export const WARM_CACHE_ENTRIES = 1000

export interface WarmMix {
  /** The requests in the order they are sent. */
  paths: string[]
  /** Different paths among them. */
  distinct: number
  /** Requests whose path was asked before in the sequence: the most a cache can answer. */
  repeats: number
}

/** `requests` paths drawn with Zipf weights from `paths` in a seeded popularity order. */
export function zipfMix(paths: readonly string[], requests: number): WarmMix {
  const random = new Random(WARM_SEED)
  // Popularity in a shuffled order, so the most asked searches are not all of the kind the
  // workload happens to list first.
  const ranked = [...paths]
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    ;[ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!]
  }
  const weights = ranked.map((path, rank) => [path, 1 / (rank + 1) ** ZIPF_EXPONENT] as const)
  const sequence = Array.from({ length: requests }, () => random.weighted(weights))
  const distinct = new Set(sequence).size
  return { paths: sequence, distinct, repeats: requests - distinct }
}

export type WarmPassStats = Stats & { throughput: number; errors: number }

export interface WarmFigures {
  requests: number
  distinctPaths: number
  repeats: number
  zipfExponent: number
  cacheEntries: number
  /** Per number of concurrent clients, each on a fresh instance (an empty cache). */
  api: Record<number, WarmPassStats>
  /** A few failed answers, to see what went wrong. */
  errors: Array<{ concurrency: number; path: string; error: string }>
}

/**
 * Sends the mix once at every concurrency, each time to a new app instance from `start`,
 * so that every pass begins with an empty cache and repeats the same requests.
 */
export async function measureWarm(
  searchPaths: readonly string[],
  requests: number,
  start: () => Promise<{ address: string; close: () => Promise<void> }>,
  log: (line: string) => void,
): Promise<WarmFigures> {
  const mix = zipfMix(searchPaths, requests)
  const figures: WarmFigures = {
    requests,
    distinctPaths: mix.distinct,
    repeats: mix.repeats,
    zipfExponent: ZIPF_EXPONENT,
    cacheEntries: WARM_CACHE_ENTRIES,
    api: {},
    errors: [],
  }
  const client = new LoadClient()
  try {
    for (const concurrency of CONCURRENCY) {
      log(`Measuring warm /pubapi/search at ${concurrency} client(s) ...`)
      const app = await start()
      try {
        const pass = await measure(client, app.address, 'search', mix.paths, concurrency, 1, false)
        figures.api[concurrency] = {
          ...stats(pass.ms.flat()),
          throughput: pass.throughput,
          errors: pass.errors,
        }
        for (const sample of pass.samples.filter((s) => s.error).slice(0, 5)) {
          figures.errors.push({
            concurrency,
            path: mix.paths[sample.index]!,
            error: sample.error!,
          })
        }
      } finally {
        await app.close()
      }
    }
  } finally {
    client.close()
  }
  return figures
}
