import path from 'node:path'
import { callerDir } from '../config.ts'
import { createBackup } from '../features/backup/backup.ts'
import { BackupError, loadBackupConfig } from '../features/backup/manifest.ts'
import { stderrProgress } from '../features/backup/stored-files.ts'
import { runCommand } from './command.ts'

const USAGE = `Gebruik:
  npm run backup -- <map>   een back-up van de portal maken in <map> (nieuw of leeg):
                            de ingebedde database en alle bestanden, met een manifest.
                            Stop de server eerst. Met DATABASE_URL alleen de bestanden:
                            maak de databasedump vooraf met pg_dump (docs/operations.md).`

async function main() {
  const [target, ...rest] = process.argv.slice(2)
  if (!target || rest.length > 0 || target.startsWith('-')) {
    console.error(USAGE)
    process.exit(2)
  }
  const config = loadBackupConfig()
  const dir = path.resolve(callerDir(), target)
  const manifest = await createBackup(config, dir, stderrProgress())
  console.log(
    `Back-up gemaakt in ${dir}: ${manifest.files.count} bestanden (${manifest.files.bytes} bytes), migratie ${manifest.migration ?? 'geen'}.`,
  )
  if (manifest.database.kind === 'postgres') {
    console.log(
      'De database (PostgreSQL) zit er niet in: bewaar de pg_dump die u vóór deze back-up maakte ernaast (docs/operations.md, "Backup and restore").',
    )
  }
}

runCommand(main, 'Back-up mislukt', (error) =>
  error instanceof BackupError ? error.message : undefined,
)
