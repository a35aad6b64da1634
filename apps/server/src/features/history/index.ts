/** A document's history (issue 34): what other features use of it. */
export { changedFields, keepVersions, recordChange, snapshotDocument } from './record.ts'
export { purgeExpiredVersions } from './retention.ts'
export { historyRoutes } from './routes.ts'
export { getVersionFile, historyVisibleTo } from './service.ts'
