import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { CHECK_DEFAULTS, checkUrl } from './check-url.ts'
import { PER_HOST_INTERVAL_MS, waitForHostSlot } from './pacing.ts'
import { checkedInRound, recordCheck } from './record.ts'
import { scrubFiles } from './scrub.ts'

const LinksPayload = z.object({
  round: z.number().int().positive(),
  urls: z.array(z.string()).max(1000),
})
const ScrubPayload = z.object({ sha256s: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(10_000) })

type Log = { warn: (details: object, message: string) => void }

/**
 * The User-Agent of every check: the portal by name and address, so a site's administrator
 * can see who asks and where to turn. Header values are ASCII: other characters become '?'.
 */
export function linkCheckerUserAgent(config: { portalName: string; publicUrl: string }): string {
  const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?')
  return `Dataportaal-linkcontrole/1.0 (+${ascii(config.publicUrl)}; ${ascii(config.portalName)})`
}

export interface LinkCheckDeps {
  db: Db
  userAgent: string
  /** Tests shorten these; the defaults are 10 s per check and one request a second per host. */
  timeoutMs?: number
  perHostIntervalMs?: number
}

/**
 * CHECK_LINKS_JOB: checks the URLs of one batch one after another and records each. A URL
 * this round checked already (the job was taken over after a lost lease) is skipped.
 */
export function checkLinksJob(deps: LinkCheckDeps): JobHandler {
  return async (payload) => {
    const parsed = LinksPayload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without round and urls')
    const { round, urls } = parsed.data
    const done = await checkedInRound(deps.db, urls, round)
    for (const url of urls) {
      if (done.has(url)) continue
      const outcome = await checkUrl(url, {
        userAgent: deps.userAgent,
        timeoutMs: deps.timeoutMs ?? CHECK_DEFAULTS.timeoutMs,
        maxRedirects: CHECK_DEFAULTS.maxRedirects,
        waitForHost: (host) =>
          waitForHostSlot(deps.db, host, deps.perHostIntervalMs ?? PER_HOST_INTERVAL_MS),
      })
      await recordCheck(deps.db, url, round, outcome)
    }
  }
}

/** SCRUB_FILES_JOB: checks a batch of stored files; what is wrong is logged and recorded. */
export function scrubFilesJob(deps: { db: Db; store: FileStore; log?: Log | undefined }) {
  const handler: JobHandler = async (payload) => {
    const parsed = ScrubPayload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without sha256s')
    const found = await scrubFiles(deps.db, deps.store, parsed.data.sha256s)
    if (found.length > 0) deps.log?.warn({ files: found }, 'stored files missing or changed')
  }
  return handler
}
