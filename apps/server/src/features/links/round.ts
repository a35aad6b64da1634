import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { chunks } from '../../shared/chunks.ts'
import { forgetIdleHosts } from './pacing.ts'

/** Checks the URLs of one host, of one round: `{ round, urls }`. */
export const CHECK_LINKS_JOB = 'check-links'
/** Checks stored files against their SHA-256: `{ sha256s }`. */
export const SCRUB_FILES_JOB = 'scrub-files'

export interface RoundSizes {
  /** URLs of one host per job: a job takes at most this many checks of 10 s. */
  linksPerJob: number
  filesPerJob: number
  /** Bytes of stored files one job reads at most (one larger file is a job of its own). */
  bytesPerJob: number
  /**
   * Time between the start times of a round's jobs, at most: the worker runs jobs one at a
   * time, oldest first, so a round queued all at once would keep a node's text extraction
   * waiting for every check. Spread over at most half the interval.
   */
  spacingMs: number
}

export const DEFAULT_ROUND_SIZES: RoundSizes = {
  linksPerJob: 10,
  filesPerJob: 50,
  bytesPerJob: 512 * 1024 * 1024,
  spacingMs: 60_000,
}

/**
 * Every external URL the portal shows with a live document (published, or waiting for
 * validation): the harvested distributions and the source pages. Deleted documents' URLs
 * are shown nowhere and are not checked.
 */
const PUBLISHED_URLS = `
  select l.url from document_links l join documents d on d.id = l.document_id
   where d.deleted_at is null
  union
  select d.source_url from documents d where d.deleted_at is null and d.source_url is not null`

/** The stored files documents refer to (a digest once per file that has it). */
const STORED_FILES = `select sha256 from document_files`

export interface QueuedRound {
  round: number
  links: number
  files: number
}

/** Groups `urls` by host and cuts each group into jobs of at most `size`. */
function batchesByHost(urls: readonly string[], size: number): string[][] {
  const byHost = new Map<string, string[]>()
  for (const url of urls) {
    const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase() : ''
    const group = byHost.get(host)
    if (group) group.push(url)
    else byHost.set(host, [url])
  }
  return [...byHost.values()].flatMap((group) => chunks(group, size))
}

/** Cuts stored files into jobs of at most `count` files and `bytes` bytes. */
function batchesBySize(
  files: ReadonlyArray<{ sha256: string; size: number }>,
  count: number,
  bytes: number,
): string[][] {
  const batches: string[][] = []
  let batch: string[] = []
  let total = 0
  for (const file of files) {
    if (batch.length > 0 && (batch.length >= count || total + file.size > bytes)) {
      batches.push(batch)
      batch = []
      total = 0
    }
    batch.push(file.sha256)
    total += file.size
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}

/**
 * Queues a round of checks when the last one is `intervalHours` ago (or there was none):
 * one job per host's batch of URLs and one per batch of stored files. Nodes tick at once:
 * `skip locked` on the one row of rounds gives the round to one of them. With an interval
 * of 0 nothing is ever queued. Answers the round queued, or null.
 */
export async function queueDueRound(
  db: Db,
  options: { intervalHours: number; sizes?: RoundSizes },
): Promise<QueuedRound | null> {
  if (options.intervalHours <= 0) return null
  const sizes = options.sizes ?? DEFAULT_ROUND_SIZES
  return db.transaction(async (tx) => {
    await tx.query(`insert into link_check_rounds (id) values (1) on conflict (id) do nothing`)
    const [due] = await tx.query(
      `select id from link_check_rounds
        where id = 1
          and (last_round_at is null or last_round_at <= now() - $1 * interval '1 hour')
        for update skip locked`,
      [options.intervalHours],
    )
    if (!due) return null
    // Past any round a check recorded too, should the row of rounds have been reset.
    const [next] = await tx.query<{ round: string }>(
      `update link_check_rounds
          set round = greatest(round + 1, (select coalesce(max(last_round), 0) + 1 from link_checks)),
              last_round_at = now()
        where id = 1
        returning round::text`,
    )
    const round = Number(next?.round)
    const urls = (await tx.query<{ url: string }>(PUBLISHED_URLS)).map((row) => row.url)
    await forgetGone(tx)
    const files = await tx.query<{ sha256: string; size: string }>(
      `select sha256, max(size_bytes)::text as size from document_files
        group by sha256 order by sha256`,
    )
    const linkJobs = batchesByHost(urls, sizes.linksPerJob).map((batch) => ({
      kind: CHECK_LINKS_JOB,
      payload: { round, urls: batch },
    }))
    const scrubJobs = batchesBySize(
      files.map((file) => ({ sha256: file.sha256, size: Number(file.size) })),
      sizes.filesPerJob,
      sizes.bytesPerJob,
    ).map((sha256s) => ({ kind: SCRUB_FILES_JOB, payload: { sha256s } }))
    const jobs = [...linkJobs, ...scrubJobs]
    const spacingMs = Math.min(
      sizes.spacingMs,
      Math.floor((options.intervalHours * 3_600_000) / 2 / Math.max(jobs.length, 1)),
    )
    for (const [index, job] of jobs.entries()) {
      await enqueueJobs(tx, job.kind, [job.payload], {
        maxAttempts: 3,
        delayMs: index * spacingMs,
      })
    }
    return { round, links: urls.length, files: files.length }
  })
}

/** What is no longer shown or stored has no checks to keep. */
async function forgetGone(tx: Queryable): Promise<void> {
  await tx.query(`delete from link_checks where url not in (${PUBLISHED_URLS})`)
  await tx.query(`delete from file_checks where sha256 not in (${STORED_FILES})`)
  await forgetIdleHosts(tx)
}
