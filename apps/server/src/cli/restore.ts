import path from 'node:path'
import { callerDir } from '../config.ts'
import { BackupError, loadBackupConfig } from '../features/backup/manifest.ts'
import { restoreBackup } from '../features/backup/restore.ts'
import { stderrProgress } from '../features/backup/stored-files.ts'
import { runCommand } from './command.ts'

const USAGE = `Gebruik:
  npm run restore -- <map> [--force]   een back-up uit <map> terugzetten in DATA_DIR.
                                       Stop de server eerst. Zonder --force alleen in een
                                       lege DATA_DIR; met --force worden database en
                                       bestanden daar vervangen.`

async function main() {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const [source, ...rest] = args.filter((arg) => arg !== '--force')
  if (!source || rest.length > 0 || source.startsWith('-')) {
    console.error(USAGE)
    process.exit(2)
  }
  const config = loadBackupConfig()
  const dir = path.resolve(callerDir(), source)
  const manifest = await restoreBackup(config, dir, { force, progress: stderrProgress() })
  console.log(
    `Back-up van ${manifest.createdAt} teruggezet in ${config.dataDir}: ${manifest.files.count} bestanden, migratie ${manifest.migration ?? 'geen'}.`,
  )
  if (manifest.database.kind === 'postgres') {
    console.log(
      'Alleen de bestanden zijn teruggezet: zet nu de database terug met pg_restore (docs/operations.md, "Backup and restore").',
    )
  } else {
    console.log('Start de server: die voert zo nodig nieuwere migraties uit.')
  }
}

runCommand(main, 'Terugzetten mislukt', (error) =>
  error instanceof BackupError ? error.message : undefined,
)
