import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { deliverDataRequestJob, type DeliveryLog } from './features/data-requests/delivery-job.ts'
import { DELIVER_DATA_REQUEST_JOB } from './features/data-requests/service.ts'
import { harvestJob } from './features/harvesting/job.ts'
import { HARVEST_JOB } from './features/harvesting/record.ts'
import {
  DELIVER_SUBSCRIPTION_MESSAGE_JOB,
  deliverSubscriptionMessageJob,
  NOTIFY_SUBSCRIBERS_JOB,
  notifySubscribersJob,
} from './features/subscriptions/index.ts'
import {
  CHECK_LINKS_JOB,
  checkLinksJob,
  linkCheckerUserAgent,
  SCRUB_FILES_JOB,
  scrubFilesJob,
} from './features/links/index.ts'
import {
  realScanner,
  SCAN_PRIVACY_JOB,
  scanPrivacyJob,
  type PrivacyScanner,
} from './features/privacy/index.ts'
import { LOAD_TABLES_JOB, loadTablesJob, type LoadTables } from './features/tables/index.ts'
import { EXTRACT_TEXT_JOB, extractTextJob } from './features/uploads/extraction-job.ts'
import { DEFAULT_TABLE_LIMITS, loadTables } from './table-loading/index.ts'
import type { FileStore } from './storage/file-store.ts'
import type { JobHandlers } from './jobs/worker.ts'

/**
 * Every kind of background job the server runs, with its handler: like app.ts it puts the
 * features together, so jobs/ itself stays free of them. Data-question delivery
 * needs the mail settings: without `config` (the upload tests' runner) those jobs are left
 * alone.
 */
export function jobHandlers(deps: {
  db: Db
  store: FileStore
  config?: Config
  log?: DeliveryLog
  /** The table loader; tests give a fake one. */
  loadTables?: LoadTables
  /** The personal-data scanner; tests give a fake one. */
  privacyScanner?: PrivacyScanner
}): JobHandlers {
  const { config } = deps
  return {
    [EXTRACT_TEXT_JOB]: extractTextJob(deps),
    [LOAD_TABLES_JOB]: loadTablesJob({
      db: deps.db,
      store: deps.store,
      loadTables: deps.loadTables ?? loadTables,
      limits: { ...DEFAULT_TABLE_LIMITS, ...config?.tables },
    }),
    [SCAN_PRIVACY_JOB]: scanPrivacyJob({
      db: deps.db,
      store: deps.store,
      scanner: deps.privacyScanner ?? realScanner,
    }),
    [HARVEST_JOB]: harvestJob({ db: deps.db, log: deps.log }),
    [SCRUB_FILES_JOB]: scrubFilesJob({ db: deps.db, store: deps.store, log: deps.log }),
    [NOTIFY_SUBSCRIBERS_JOB]: notifySubscribersJob({ db: deps.db }),
    ...(config && {
      [DELIVER_DATA_REQUEST_JOB]: deliverDataRequestJob({ db: deps.db, config, log: deps.log }),
      [DELIVER_SUBSCRIPTION_MESSAGE_JOB]: deliverSubscriptionMessageJob({
        db: deps.db,
        config,
        log: deps.log,
      }),
      [CHECK_LINKS_JOB]: checkLinksJob({ db: deps.db, userAgent: linkCheckerUserAgent(config) }),
    }),
  }
}
