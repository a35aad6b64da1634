import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { pruneActivityLogs, type PrunedActivity } from '../activity-logs/retention.ts'
import { purgeDeletedDocuments, type PurgeResult } from '../deletion/purge.ts'
import { pruneSearchRemovals } from '../search/index.ts'

export interface MaintenanceDeps {
  db: Db
  store: FileStore
  config: Pick<Config, 'activityLogs' | 'deletedRetentionDays'>
}

export type MaintenanceStep = 'purge' | 'activityLogs' | 'searchRemovals'

/** What one run did; a step that failed is null and its error is in `failures`. */
export interface MaintenanceReport {
  purge: PurgeResult | null
  activityLogs: PrunedActivity | null
  /** Records of removed search entries forgotten (kept a week for the nodes' indexes). */
  searchRemovals: number | null
  failures: Array<{ step: MaintenanceStep; error: unknown }>
}

/**
 * The periodic upkeep, as the worker runs it hourly and `npm run maintenance` once: purge
 * the documents deleted longer ago than DELETED_RETENTION_DAYS (with their files), and
 * apply the activity logs' retention, and forget the removed search entries older than a
 * week. Each step runs even when another fails, so one broken step cannot keep the
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
  const activityLogs = await attempt('activityLogs', () =>
    pruneActivityLogs(deps.db, deps.config.activityLogs),
  )
  const searchRemovals = await attempt('searchRemovals', () => pruneSearchRemovals(deps.db))
  return { purge, activityLogs, searchRemovals, failures }
}

/** What the maintenance says, as the server's logger takes it. */
export interface MaintenanceLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

/** The worker's hourly maintenance step: run it, and say so when there was something to do. */
export const hourlyMaintenance =
  (deps: MaintenanceDeps & { log?: MaintenanceLog }) => async (): Promise<void> => {
    const { purge, activityLogs, failures } = await runMaintenance(deps)
    if (purge && purge.documents.length > 0) {
      deps.log?.info(
        { documents: purge.documents.map((document) => document.id), files: purge.removedFiles },
        'deleted documents purged',
      )
    }
    if (activityLogs && Object.values(activityLogs).some((n) => n > 0)) {
      deps.log?.info(activityLogs, 'activity logs pruned')
    }
    for (const { step, error } of failures) {
      deps.log?.error({ err: error, step }, 'maintenance failed')
    }
  }
