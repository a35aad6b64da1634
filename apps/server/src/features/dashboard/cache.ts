/** Milliseconds since the epoch; injected so tests can move time without sleeping. */
export type Clock = () => number

export interface TtlCache<K, V> {
  /** The cached value of `key`, computed by `compute` when missing or older than the TTL. */
  get(key: K, compute: (now: number) => Promise<V>): Promise<V>
}

/**
 * A small in-memory cache with a time to live. Concurrent callers of a missing key share
 * one computation; a failed computation is not kept, so the next call tries again.
 */
export function createTtlCache<K, V>(options: { ttlMs: number; clock: Clock }): TtlCache<K, V> {
  const entries = new Map<K, { at: number; value: Promise<V> }>()
  return {
    get(key, compute) {
      const now = options.clock()
      const entry = entries.get(key)
      if (entry && now - entry.at < options.ttlMs) return entry.value
      const value = compute(now)
      entries.set(key, { at: now, value })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
  }
}
