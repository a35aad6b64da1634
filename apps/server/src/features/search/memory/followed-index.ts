import type { Queryable } from '../../../db/client.ts'
import { catalogueVersion } from '../cache.ts'
import { EntryIndex, type IndexedEntry } from './entry-index.ts'
import { parseTsvector } from './tsvector.ts'

/** A document's content type, source and Woo category, named (`search_kinds`). */
export interface KindNames {
  contentType: string
  source: string
  wooCategory: string | null
}

/** The index with what it needs to name its counts, as of one catalogue version. */
export interface IndexSnapshot {
  readonly version: number
  readonly index: EntryIndex
  readonly kinds: ReadonlyMap<number, KindNames>
  readonly themeSets: ReadonlyMap<number, readonly string[]>
  /** Theme names in the database's order (`order by name`): how SQL orders equal counts. */
  readonly themeOrder: ReadonlyMap<string, number>
}

/** Entries read per statement while building: parsing them holds the event loop briefly. */
const BUILD_BATCH = 1000
/** A node that has not caught up for this long reads everything again (removals are kept a week). */
const MAX_CATCH_UP_AGE_MS = 24 * 60 * 60 * 1000
/** Dead ordinals (changed or removed documents) beyond which the index is built afresh. */
const MAX_DEAD_SHARE = 0.25
const MIN_DEAD_FOR_REBUILD = 1000

interface EntryRow extends Record<string, unknown> {
  id: string
  public: boolean
  kind_id: number
  theme_set_id: number
  date: number
  rating_avg: string | null
  rating_count: number
  vector: string
  /** Null unless published: only published titles are suggested. */
  title: string | null
  normalized_title: string | null
}

/**
 * An entry as the index keeps it. The title is normalized by the database, so what the
 * suggestions match is exactly what `portal_normalize` gives (migration 0018 copies the
 * title into the entry, so a changed title rewrites it).
 */
const ENTRY_COLUMNS = `se.document_id::text as id, se.public, se.kind_id, se.theme_set_id,
  to_char(se.document_date, 'YYYYMMDD')::int as date, se.rating_avg::text as rating_avg,
  se.rating_count, se.search_vector::text as vector,
  case when se.public then se.title end as title,
  case when se.public then portal_normalize(se.title) end as normalized_title`

function toEntry(row: EntryRow): IndexedEntry {
  return {
    id: row.id,
    public: row.public,
    kindId: row.kind_id,
    themeSetId: row.theme_set_id,
    date: row.date,
    // As stored: a real (float4), printed exactly.
    ratingAvg: row.rating_avg === null ? null : Math.fround(Number(row.rating_avg)),
    ratingCount: row.rating_count,
    lexemes: parseTsvector(row.vector),
    title:
      row.title === null || row.normalized_title === null
        ? null
        : { shown: row.title, normalized: row.normalized_title },
  }
}

interface CatchUpState {
  version: string
  mark: string
  kinds: Array<KindNames & { id: number }>
  themeSets: Array<{ id: number; names: string[] }>
  themeNames: string[]
}

interface CatchUpRow extends Partial<EntryRow> {
  what: 'state' | 'removal' | 'entry'
  state: string | null
}

/**
 * One statement, so one snapshot: what changed since `mark` (entries written, entries
 * removed), the version and the xmin of that snapshot (the next mark), and the names the
 * counts need.
 */
const CATCH_UP_SQL = `
  with state as materialized (
    select json_build_object(
      'version', s.version::text,
      'mark', pg_snapshot_xmin(pg_current_snapshot())::text,
      'kinds', (select coalesce(json_agg(json_build_object('id', sk.id, 'contentType', c.name,
                  'source', so.name, 'wooCategory', sk.woo_category)), '[]')
                  from search_kinds sk
                  join content_types c on c.id = sk.content_type_id
                  join sources so on so.id = sk.source_id),
      'themeSets', (select coalesce(json_agg(json_build_object('id', t.id, 'names', t.names)), '[]')
                      from search_theme_sets t where t.id > $2),
      'themeNames', (select coalesce(json_agg(n.name order by n.name), '[]')
                       from (select distinct unnest(t.names) as name from search_theme_sets t) n)
    )::text as state
    from search_state s
  )
  select 'state' as what, state, null::text as id, null::boolean as public, null::int as kind_id,
         null::int as theme_set_id, null::int as date, null::text as rating_avg,
         null::int as rating_count, null::text as vector, null::text as title,
         null::text as normalized_title
    from state
  union all
  select 'removal', null, r.document_id::text, null, null, null, null, null, null, null, null, null
    from search_entry_removals r where r.removed_xid >= $1::xid8
  union all
  select 'entry', null, ${ENTRY_COLUMNS}
    from search_entries se where se.written_xid >= $1::xid8`

/**
 * The search entries of this node, in memory, following the database: every change a
 * transaction commits is read at the next search after it (docs/search.md, "In memory").
 *
 * `at(version)` gives the index only if it holds that catalogue version or a newer one;
 * otherwise it starts catching up in the background and gives nothing, and the search
 * asks the database as before. So an answer is never older than the version its request
 * read, and no request waits for the index.
 */
export class FollowedIndex {
  private snapshot: IndexSnapshot | null = null
  private mark = '0'
  private caughtUpAt = 0
  private themeSetIds = 0
  private work: Promise<void> | null = null
  private failures = 0

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  at(version: number): IndexSnapshot | null {
    const snapshot = this.snapshot
    if (snapshot && snapshot.version >= version) return snapshot
    this.follow()
    return null
  }

  /** Brings the index up to date (for tests and start-up): resolves when it is. */
  async ready(): Promise<IndexSnapshot> {
    for (;;) {
      this.follow()
      await this.work
      const current = await catalogueVersion(this.db)
      const snapshot = this.snapshot
      if (snapshot && snapshot.version >= current) return snapshot
      if (this.failures > 3) throw new Error('the search index could not be built')
    }
  }

  private follow() {
    if (this.work) return
    this.work = this.step()
      .then(() => {
        this.failures = 0
      })
      .catch((error: unknown) => {
        this.failures++
        this.onError(error)
      })
      .finally(() => {
        this.work = null
      })
  }

  private async step() {
    const snapshot = this.snapshot
    const stale = Date.now() - this.caughtUpAt > MAX_CATCH_UP_AGE_MS
    const wasteful =
      snapshot !== null &&
      snapshot.index.deadOrdinals > MIN_DEAD_FOR_REBUILD &&
      snapshot.index.deadOrdinals > MAX_DEAD_SHARE * snapshot.index.ordinals
    if (!snapshot || stale || wasteful) await this.build()
    else await this.catchUp(snapshot.index, snapshot)
  }

  /** Reads every entry afresh into a new index, then what changed meanwhile. */
  private async build() {
    const [start] = await this.db.query<{ mark: string }>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as mark',
    )
    const index = new EntryIndex()
    let after = '00000000-0000-0000-0000-000000000000'
    for (;;) {
      const rows = await this.db.query<EntryRow>(
        `select ${ENTRY_COLUMNS} from search_entries se
          where se.document_id > $1::uuid order by se.document_id limit $2`,
        [after, BUILD_BATCH],
      )
      for (const row of rows) index.put(toEntry(row))
      // Sorted batch by batch too, so no single step holds the event loop for long.
      index.titles.sortNew()
      if (rows.length < BUILD_BATCH) break
      after = rows[rows.length - 1]!.id
    }
    this.mark = start!.mark
    this.themeSetIds = 0
    await this.catchUp(index, null)
  }

  /**
   * Applies what changed since the mark, all at once (no request sees half of it): removals
   * first, then the entries written, which may bring a removed document back.
   */
  private async catchUp(index: EntryIndex, previous: IndexSnapshot | null) {
    const startedAt = Date.now()
    const rows = await this.db.query<CatchUpRow>(CATCH_UP_SQL, [this.mark, this.themeSetIds])
    const stateRow = rows.find((row) => row.what === 'state')
    const state = JSON.parse(stateRow!.state!) as CatchUpState
    for (const row of rows) if (row.what === 'removal') index.remove(row.id!)
    for (const row of rows) if (row.what === 'entry') index.put(toEntry(row as EntryRow))
    // Here rather than at the first suggestion: no request waits for it.
    index.titles.sortNew()
    const themeSets = new Map(previous?.themeSets)
    for (const set of state.themeSets) themeSets.set(set.id, set.names)
    for (const set of state.themeSets) this.themeSetIds = Math.max(this.themeSetIds, set.id)
    this.mark = state.mark
    this.caughtUpAt = startedAt
    this.snapshot = {
      version: Number(state.version),
      index,
      kinds: new Map(state.kinds.map(({ id, ...names }) => [id, names])),
      themeSets,
      themeOrder: new Map(state.themeNames.map((name, i) => [name, i])),
    }
  }
}
