import type { Queryable } from '../../db/client.ts'

/** The statement reading the catalogue's version, also run inside others (one snapshot). */
export const CATALOGUE_VERSION_SQL = 'select version::text from search_state'

/**
 * The catalogue's version (migration 0016): every transaction that changes what a search
 * can answer moves it on once, at its commit.
 */
export async function catalogueVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string }>(CATALOGUE_VERSION_SQL)
  return Number(row!.version)
}

/**
 * What one node remembers of one catalogue version: at most `capacity` values, the least
 * recently used going first. A newer version empties it; a value computed for an older one
 * (a request that started before a change) is not kept.
 *
 * Why this is safe on several nodes: a value is kept under the version its request read
 * before its own statements ran, so it is never older than that version; and once a change
 * commits, every request reads the newer version and no longer finds the older values.
 */
export class VersionedCache<T> {
  private version = 0
  private readonly values = new Map<string, T>()

  constructor(private readonly capacity: number) {}

  /** Whether a value is kept for `key` at the newest version this cache has seen. */
  holds(key: string): boolean {
    return this.values.has(key)
  }

  get(version: number, key: string): T | undefined {
    if (version !== this.version) return undefined
    const value = this.values.get(key)
    if (value === undefined) return undefined
    // Most recently used last.
    this.values.delete(key)
    this.values.set(key, value)
    return value
  }

  set(version: number, key: string, value: T) {
    if (this.capacity === 0 || version < this.version) return
    if (version > this.version) {
      this.values.clear()
      this.version = version
    }
    this.values.delete(key)
    this.values.set(key, value)
    if (this.values.size > this.capacity) {
      this.values.delete(this.values.keys().next().value!)
    }
  }
}

/**
 * Answers kept per catalogue version (`VersionedCache`), each computed once: the same
 * request asked again while its answer is being computed (many visitors after a change,
 * say) waits for that answer instead of asking the database again.
 */
export class AnswerCache<T> {
  private readonly kept: VersionedCache<T>
  /** Answers being computed, by version and key. */
  private readonly computing = new Map<string, Promise<T>>()

  constructor(capacity: number) {
    this.kept = new VersionedCache(capacity)
  }

  /** Whether an answer is kept for `key` at the newest version this cache has seen. */
  holds(key: string): boolean {
    return this.kept.holds(key)
  }

  /** The answer to `key` at `version`: kept, being computed, or computed now by `compute`. */
  async get(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(version, key)
    if (kept !== undefined) return kept
    const computingKey = `${version} ${key}`
    let answer = this.computing.get(computingKey)
    if (!answer) {
      answer = compute()
        .then((computed) => {
          this.kept.set(version, key, computed)
          return computed
        })
        .finally(() => this.computing.delete(computingKey))
      this.computing.set(computingKey, answer)
    }
    return answer
  }
}
