import { migratedPostgresDatabase } from './db.ts'
import { startPortalOn, type RunningPortal } from './running-portal.ts'

/**
 * Starts a portal on the run's database: a new database of the PostgreSQL server of
 * DATABASE_URL when that is set, else the embedded one.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const url = process.env.DATABASE_URL
  return startPortalOn(url ? await migratedPostgresDatabase(url) : null, env)
}
