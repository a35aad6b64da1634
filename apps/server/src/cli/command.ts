import { inspect } from 'node:util'
import { ConfigError, loadConfig, maskUrlCredentials, type Config } from '../config.ts'
import { DataDirLockedError, openDatabase, type Db } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import type { FileStore } from '../storage/file-store.ts'
import { openFileStore } from '../storage/open-file-store.ts'

export interface CommandContext {
  config: Config
  db: Db
  store: FileStore
}

/**
 * What an operator's command works on: the configured database, migrated (the server may
 * not have started since an upgrade), and the file store; the database is closed after.
 */
export async function withPortalData<T>(work: (context: CommandContext) => Promise<T>) {
  const config = loadConfig()
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrate(db)
    return await work({ config, db, store: openFileStore(config) })
  } finally {
    await db.close()
  }
}

/**
 * Runs a command's `main` and exits 1 when it fails: a wrong setting or a data directory
 * in use by the server as its plain message, `explain` for what the command knows of,
 * anything else under `failure`, with credentials in URLs masked (errors may quote
 * DATABASE_URL, and command output lands in shared logs).
 */
export function runCommand(
  main: () => Promise<void>,
  failure: string,
  explain: (error: unknown) => string | undefined = () => undefined,
) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message)
    } else {
      console.error(explain(error) ?? `${failure}: ${maskUrlCredentials(inspect(error))}`)
    }
    process.exit(1)
  })
}
