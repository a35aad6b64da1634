import {
  HARVEST_LIMITS,
  HARVEST_SCHEDULE_HOURS,
  type HarvestRun,
  type HarvestRunList,
  type HarvestSource,
  type HarvestSourceInput,
  type HarvestSourceList,
} from '@dataportaal/contract'
import type { Admin } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { ConflictError, fieldError, InvalidInputError, NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'
import {
  presentRun,
  presentSource,
  type HarvestRunRow,
  type HarvestSourceRow,
} from './presenter.ts'
import { queueRun } from './run.ts'

/*
 * Managing harvest sources and asking for runs is for admins: the routes declare
 * `config.access: 'admin'`, so every function here that changes something is handed one.
 */

const SOURCE_MISSING = 'Deze bron bestaat niet.'
const RUN_MISSING = 'Deze run bestaat niet.'

/** The columns of a source with its live documents (a withdrawn one is deleted: not counted). */
const SOURCE_COLUMNS = `hs.id::text as id, hs.name, hs.url, hs.kind, hs.source_name, hs.schedule,
       hs.trusted, hs.publish, hs.enabled, hs.next_run_at,
       (select count(*)::int from documents d
         where d.harvest_source_id = hs.id and d.deleted_at is null) as documents`

const RUN_COLUMNS = `r.id::text as id, r.source_id::text as source_id, r.trigger, r.status,
       r.dry_run, r.queued_at, r.started_at, r.finished_at, r.pages_read, r.records_read,
       r.records_expected, r.created, r.updated, r.withdrawn, r.unchanged, r.refused, r.refusals,
       r.unmapped_themes, r.error`

async function selectSources(db: Queryable, id?: string): Promise<HarvestSource[]> {
  const where = id === undefined ? '' : 'where hs.id = $1::uuid'
  const params = id === undefined ? [] : [id]
  const sources = await db.query<HarvestSourceRow>(
    `select ${SOURCE_COLUMNS} from harvest_sources hs ${where} order by lower(hs.name), hs.name`,
    params,
  )
  const lastRuns = await db.query<HarvestRunRow>(
    `select distinct on (r.source_id) ${RUN_COLUMNS}
       from harvest_runs r join harvest_sources hs on hs.id = r.source_id ${where}
      order by r.source_id, r.queued_at desc, r.id`,
    params,
  )
  const lastRunOf = new Map(lastRuns.map((run) => [run.source_id, run]))
  return sources.map((source) => presentSource(source, lastRunOf.get(source.id)))
}

/** Every source with its number of documents, next scheduled run and newest run, by name. */
export async function listSources(db: Queryable): Promise<HarvestSourceList> {
  const results = await selectSources(db)
  return { Results: results, Total: results.length }
}

async function sourceById(db: Queryable, id: string): Promise<HarvestSource> {
  const [source] = await selectSources(db, id)
  if (!source) throw new NotFoundError(SOURCE_MISSING)
  return source
}

/**
 * Names and URLs of sources are unique; checking and writing them takes turns, so two admins
 * cannot add the same source at the same moment. Held until commit.
 */
async function lockSourceIdentities(tx: Queryable) {
  await tx.query(`select pg_advisory_xact_lock(hashtext('portal:harvest-sources'))`)
}

/** Refuses a name (ignoring case) or URL another source has, naming the field for the form. */
async function refuseDuplicates(tx: Queryable, input: HarvestSourceInput, exceptId?: string) {
  const [other] = await tx.query<{ name: string; url: string }>(
    `select name, url from harvest_sources
      where (lower(name) = lower($1) or url = $2) and ($3::uuid is null or id <> $3::uuid)
      order by lower(name) = lower($1) desc
      limit 1`,
    [input.name, input.url, exceptId ?? null],
  )
  if (!other) return
  const [field, message] =
    other.name.toLowerCase() === input.name.toLowerCase()
      ? (['name', `Er bestaat al een bron met deze naam: ${other.name}.`] as const)
      : (['url', `Deze URL wordt al opgehaald door de bron ${other.name}.`] as const)
  throw new ConflictError(message, [fieldError(field, message)])
}

/**
 * The source as it is stored: its URL in the form it is fetched (`HTTP:host` becomes
 * `http://host/`), so that one catalogue cannot be added twice under two spellings.
 */
export function normalised(input: HarvestSourceInput): HarvestSourceInput {
  const url = new URL(input.url).href
  if (url.length > HARVEST_LIMITS.urlMax) {
    const message = `Een URL is hoogstens ${HARVEST_LIMITS.urlMax} tekens lang.`
    throw new InvalidInputError(message, [fieldError('url', message)])
  }
  return { ...input, url }
}

/** Hours between scheduled runs, or null: a manual source or one switched off has no next run. */
const intervalHours = (input: HarvestSourceInput) =>
  input.enabled ? HARVEST_SCHEDULE_HOURS[input.schedule] : null

/** The stored settings of a source, in the column order both writes use, then its interval. */
const settingsOf = (input: HarvestSourceInput) => [
  input.name,
  input.url,
  input.kind,
  input.sourceName,
  input.schedule,
  input.trusted,
  input.publish,
  input.enabled,
  intervalHours(input),
]

/** Adds a source; a scheduled one that is on is first harvested one interval from now. */
export async function createSource(
  db: Db,
  admin: Admin,
  entered: HarvestSourceInput,
): Promise<HarvestSource> {
  const input = normalised(entered)
  return db.transaction(async (tx) => {
    await lockSourceIdentities(tx)
    await refuseDuplicates(tx, input)
    const [created] = await tx.query<{ id: string }>(
      `insert into harvest_sources
         (name, url, kind, source_name, schedule, trusted, publish, enabled, next_run_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9::int * interval '1 hour', $10)
       returning id::text`,
      [...settingsOf(input), admin.id],
    )
    if (!created) throw new Error('harvest_sources insert returned no row')
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'harvest_source_created',
      details: { source: input.name, url: input.url },
    })
    return sourceById(tx, created.id)
  })
}

/**
 * Replaces a source's settings. The next scheduled run moves only when the schedule changes
 * or the source is switched on again; otherwise an edit keeps it where it was.
 */
export async function updateSource(
  db: Db,
  admin: Admin,
  id: string,
  entered: HarvestSourceInput,
): Promise<HarvestSource> {
  const input = normalised(entered)
  return db.transaction(async (tx) => {
    await lockSourceIdentities(tx)
    const [before] = await tx.query<{ name: string }>(
      `select name from harvest_sources where id = $1::uuid for update`,
      [id],
    )
    if (!before) throw new NotFoundError(SOURCE_MISSING)
    await refuseDuplicates(tx, input, id)
    // On the right of SET, columns are the row as it was before this update.
    await tx.query(
      `update harvest_sources
          set name = $2, url = $3, kind = $4, source_name = $5, schedule = $6, trusted = $7,
              publish = $8, enabled = $9, modified_at = now(),
              next_run_at = case
                when $10::int is null then null
                when enabled and schedule = $6 and next_run_at is not null then next_run_at
                else now() + $10::int * interval '1 hour'
              end
        where id = $1::uuid`,
      [id, ...settingsOf(input)],
    )
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'harvest_source_changed',
      details: { source: input.name, ...(before.name === input.name ? {} : { was: before.name }) },
    })
    return sourceById(tx, id)
  })
}

async function runById(db: Queryable, id: string): Promise<HarvestRun> {
  const [row] = await db.query<HarvestRunRow>(
    `select ${RUN_COLUMNS} from harvest_runs r where r.id = $1::uuid`,
    [id],
  )
  if (!row) throw new NotFoundError(RUN_MISSING)
  return presentRun(row)
}

/**
 * Queues a run of the source at the admin's request; the job worker picks it up. Refused
 * while one of its runs waits or runs (on any node), and for a source that is switched off.
 */
export async function requestRun(db: Db, admin: Admin, sourceId: string): Promise<HarvestRun> {
  return db.transaction(async (tx) => {
    const [source] = await tx.query<{ name: string; enabled: boolean }>(
      `select name, enabled from harvest_sources where id = $1::uuid for share`,
      [sourceId],
    )
    if (!source) throw new NotFoundError(SOURCE_MISSING)
    if (!source.enabled) throw new ConflictError('Deze bron staat uit.')
    const runId = await queueRun(tx, {
      sourceId,
      trigger: 'manual',
      requestedBy: admin.id,
      dryRun: false,
    })
    if (runId === null) throw new ConflictError('Er loopt al een run voor deze bron.')
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'harvest_run_requested',
      details: { source: source.name, run: runId },
    })
    return runById(tx, runId)
  })
}

/** The newest runs of a source, newest first; `Total` counts all its runs. */
export async function listRuns(db: Queryable, sourceId: string): Promise<HarvestRunList> {
  const [source] = await db.query(`select 1 from harvest_sources where id = $1::uuid`, [sourceId])
  if (!source) throw new NotFoundError(SOURCE_MISSING)
  const rows = await db.query<HarvestRunRow & { total: number }>(
    `select ${RUN_COLUMNS}, count(*) over ()::int as total
       from harvest_runs r where r.source_id = $1::uuid
      order by r.queued_at desc, r.id limit ${HARVEST_LIMITS.runsListed}`,
    [sourceId],
  )
  return { Results: rows.map(presentRun), Total: rows[0]?.total ?? 0 }
}

/** One run, for the screen that polls its progress. */
export const getRun = (db: Queryable, id: string) => runById(db, id)
