import { runMaintenance } from '../features/maintenance/maintenance.ts'
import { runCommand, withPortalData } from './command.ts'

const USAGE = `Gebruik:
  npm run maintenance   verwijderde documenten na de bewaartermijn definitief verwijderen
                        (met hun bestanden) en de activiteitenlogboeken inkorten, één keer`

const dateTime = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
})

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What the worker does hourly, at once: for an operator after changing a retention. */
async function main() {
  if (process.argv.length > 2) {
    console.error(USAGE)
    process.exit(2)
  }
  await withPortalData(async ({ config, db, store }) => {
    const report = await runMaintenance({ db, store, config })
    if (report.purge) {
      for (const document of report.purge.documents) {
        console.log(
          `  ${document.id}  verwijderd op ${dateTime.format(document.deletedAt)}  ${document.title}`,
        )
      }
      console.log(
        `Definitief verwijderd: ${count(report.purge.documents.length, 'document', 'documenten')} (langer dan ${config.deletedRetentionDays} dagen geleden verwijderd), ${count(report.purge.removedFiles, 'bestand', 'bestanden')} uit de opslag.`,
      )
    }
    if (report.versions) {
      console.log(
        `Eerdere versies vergeten: ${count(report.versions.versions, 'versie', 'versies')}, ${count(report.versions.removedFiles, 'bestand', 'bestanden')} uit de opslag.`,
      )
    }
    if (report.activityLogs) {
      const pruned = report.activityLogs
      console.log(
        `Activiteitenlogboeken ingekort: ${count(pruned.opens, 'opening', 'openingen')} (ouder dan ${config.activityLogs.openRetentionDays} dagen), ${count(pruned.searches, 'zoekopdracht', 'zoekopdrachten')} (ouder dan ${config.activityLogs.searchRetentionDays} dagen), ${count(pruned.openMarks + pruned.searchQuotas, 'teller', 'tellers')}.`,
      )
    }
    for (const failure of report.failures) {
      console.error(`Mislukt (${failure.step}):`, failure.error)
    }
    process.exitCode = report.failures.length > 0 ? 1 : 0
  })
}

runCommand(main, 'Onderhoud mislukt')
