import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { sweepTemporaryFiles, temporaryGraceMs } from '../../storage/sweep.ts'
import { pruneActivityLogs, type PrunedActivity } from '../activity-logs/retention.ts'
import { purgeDeletedDocuments, type PurgeResult } from '../deletion/purge.ts'
import { purgeExpiredVersions, type VersionPurge } from '../history/retention.ts'
import { pruneSearchRemovals } from '../search/index.ts'
import { composeDigests, purgeUnconfirmed } from '../subscriptions/index.ts'

export interface MaintenanceDeps {
  db: Db
  store: FileStore
  config: Pick<
    Config,
    'activityLogs' | 'deletedRetentionDays' | 'versionRetentionDays' | 'http' | 'extraction'
  >
}

export type MaintenanceStep =
  'purge' | 'versions' | 'activityLogs' | 'searchRemovals' | 'temporaryFiles' | 'subscriptions'

/** What one run did; a step that failed is null and its error is in `failures`. */
export interface MaintenanceReport {
  purge: PurgeResult | null
  /** Earlier versions of files past VERSION_RETENTION_DAYS, forgotten with their files. */
  versions: VersionPurge | null
  activityLogs: PrunedActivity | null
  /** Records of removed search entries forgotten (kept a week for the nodes' indexes). */
  searchRemovals: number | null
  /** Temporary files of uploads (or extractions) that died, removed from this node's disk. */
  temporaryFiles: number | null
  /** Unconfirmed subscriptions forgotten (48 hours) and digests composed for ended periods. */
  subscriptions: { forgotten: number; digests: number } | null
  failures: Array<{ step: MaintenanceStep; error: unknown }>
}

/**
 * The periodic upkeep, as the worker runs it hourly and `npm run maintenance` once: purge
 * the documents deleted longer ago than DELETED_RETENTION_DAYS (with their files) and the
 * earlier versions of files past VERSION_RETENTION_DAYS, and
 * apply the activity logs' retention, forget the removed search entries older than a
 * week, and remove the temporary files of uploads that died without the process dying too
 * (a dropped connection, a refused form whose clean-up failed). Each step runs even when another fails, so one broken step cannot keep the
 * others' data past its retention.
 */
export async function runMaintenance(deps: MaintenanceDeps): Promise<MaintenanceReport> {
  const failures: MaintenanceReport['failures'] = []
  const attempt = <T>(step: MaintenanceStep, work: () => Promise<T>): Promise<T | null> =>
    work().catch((error: unknown) => {
      failures.push({ step, error })
      return null
    })
  const purge = await attempt('purge', () =>
    purgeDeletedDocuments(deps.db, deps.store, deps.config),
  )
  const versions = await attempt('versions', () =>
    purgeExpiredVersions(deps.db, deps.store, deps.config),
  )
  const activityLogs = await attempt('activityLogs', () =>
    pruneActivityLogs(deps.db, deps.config.activityLogs),
  )
  const searchRemovals = await attempt('searchRemovals', () => pruneSearchRemovals(deps.db))
  const temporaryFiles = await attempt('temporaryFiles', () =>
    sweepTemporaryFiles(deps.store, {
      graceMs: temporaryGraceMs({
        requestTimeoutMs: deps.config.http.requestTimeoutMs,
        extractionTimeoutMs: deps.config.extraction.timeoutMs,
      }),
    }),
  )
  const subscriptions = await attempt('subscriptions', async () => ({
    forgotten: await purgeUnconfirmed(deps.db),
    digests: await composeDigests(deps.db),
  }))
  return { purge, versions, activityLogs, searchRemovals, temporaryFiles, subscriptions, failures }
}

/** What the maintenance says, as the server's logger takes it. */
export interface MaintenanceLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

/** The worker's hourly maintenance step: run it, and say so when there was something to do. */
export const hourlyMaintenance =
  (deps: MaintenanceDeps & { log?: MaintenanceLog }) => async (): Promise<void> => {
    const { purge, versions, activityLogs, temporaryFiles, failures } = await runMaintenance(deps)
    if (versions && versions.versions > 0) deps.log?.info(versions, 'earlier versions purged')
    if (purge && purge.documents.length > 0) {
      deps.log?.info(
        { documents: purge.documents.map((document) => document.id), files: purge.removedFiles },
        'deleted documents purged',
      )
    }
    if (activityLogs && Object.values(activityLogs).some((n) => n > 0)) {
      deps.log?.info(activityLogs, 'activity logs pruned')
    }
    if (temporaryFiles)
      deps.log?.info({ removedTemporary: temporaryFiles }, 'temporary files swept')
    for (const { step, error } of failures) {
      deps.log?.error({ err: error, step }, 'maintenance failed')
    }
  }
