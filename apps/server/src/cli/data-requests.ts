import { z } from 'zod'
import { listOutbox, requeueDataRequests } from '../features/data-requests/outbox.ts'
import { runCommand, withPortalData } from './command.ts'

const USAGE = `Gebruik:
  npm run data-requests -- list            vragen die nog niet zijn bezorgd (wachtend, vastgehouden, mislukt)
  npm run data-requests -- retry [id ...]  mislukte en vastgehouden vragen (of alleen deze) opnieuw versturen`

async function main() {
  const [command, ...ids] = process.argv.slice(2)
  if (command !== 'list' && command !== 'retry') {
    console.error(USAGE)
    process.exit(2)
  }
  const badId = ids.find((id) => !z.uuid().safeParse(id).success)
  if (badId) {
    console.error(`Geen geldig kenmerk: ${badId}`)
    process.exit(2)
  }
  await withPortalData(async ({ config, db }) => {
    if (command === 'list') {
      const entries = await listOutbox(db)
      for (const entry of entries) {
        const error = entry.lastError ? `  ${entry.lastError}` : ''
        console.log(
          `${entry.id}  ${entry.status.padEnd(7)}  ${entry.createdAt.toISOString()}  pogingen: ${entry.attempts}  ${entry.email}  ${entry.subject}${error}`,
        )
      }
      console.log(`${entries.length} niet bezorgde vragen.`)
      return
    }
    if (!config.smtpUrl) console.warn('SMTP_URL is niet ingesteld: de vragen blijven vastgehouden.')
    const queued = await requeueDataRequests(db, {
      statuses: ['failed', 'held'],
      maxAttempts: config.dataRequests.maxAttempts,
      ...(ids.length > 0 ? { ids } : {}),
    })
    console.log(
      `${queued.length} vragen opnieuw in de wachtrij; de server verstuurt ze binnen enkele seconden.`,
    )
  })
}

runCommand(main, 'Mislukt')
