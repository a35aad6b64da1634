import path from 'node:path'
import { callerDir } from '../config.ts'
import { importCatalogueFile, type ImportProgress } from '../features/catalogue/import-file.ts'
import { runCommand, withPortalData } from './command.ts'

const BAR_WIDTH = 30

function drawProgress({ bytesRead, totalBytes, summary }: ImportProgress) {
  const ratio = totalBytes === 0 ? 1 : Math.min(1, bytesRead / totalBytes)
  const filled = Math.round(ratio * BAR_WIDTH)
  const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`
  const percent = `${Math.round(ratio * 100)}`.padStart(3)
  process.stderr.write(`\r${bar} ${percent}%  ${summary.lines} regels`)
}

async function main() {
  const file = process.argv[2]
  if (!file) {
    console.error('Gebruik: npm run import -- <bestand.jsonl>')
    process.exit(2)
  }
  const filePath = path.resolve(callerDir(), file)
  await withPortalData(async ({ db, store }) => {
    const summary = await importCatalogueFile(db, store, filePath, drawProgress)
    process.stderr.write('\n')
    for (const failure of summary.failed) {
      console.error(`regel ${failure.line}: ${failure.message}`)
    }
    console.log(
      `Klaar: ${summary.lines} regels, ${summary.inserted} nieuw, ${summary.updated} bijgewerkt, ` +
        `${summary.unchanged} ongewijzigd, ${summary.failed.length} afgekeurd.`,
    )
    process.exitCode = summary.failed.length > 0 ? 1 : 0
  })
}

runCommand(main, 'Import mislukt', (error) =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT'
    ? `Bestand niet gevonden: ${process.argv[2]}`
    : undefined,
)
