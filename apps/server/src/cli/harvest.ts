import { parseArgs } from 'node:util'
import { HarvestKind, HarvestSourceInput, type HarvestKind as Kind } from '@dataportaal/contract'
import type { Db } from '../db/client.ts'
import { InvalidInputError } from '../shared/errors.ts'
import type { CollectProgress } from '../features/harvesting/record.ts'
import { executeRun, queueRun, type RunOutcome } from '../features/harvesting/run.ts'
import { normalised } from '../features/harvesting/service.ts'
import { runCommand, withPortalData } from './command.ts'

const USAGE =
  'Gebruik: npm run harvest -- <url> [--kind dcat|ckan] [--source NAAM] [--trusted] [--dry-run]'
const BAR_WIDTH = 30

/** Thrown for what the operator typed or asked: printed as it is, exit 1. */
class CommandError extends Error {}

function drawProgress({ pages, records, expected }: CollectProgress) {
  const counts = `${pages} pagina's, ${records} records`
  if (expected === null || expected === 0) {
    process.stderr.write(`\r${counts}`)
    return
  }
  const ratio = Math.min(1, records / expected)
  const filled = Math.round(ratio * BAR_WIDTH)
  const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`
  const percent = `${Math.round(ratio * 100)}`.padStart(3)
  process.stderr.write(`\r${bar} ${percent}%  ${counts}`)
}

/** A CKAN API is recognised by its path; anything else is read as a DCAT catalogue. */
const guessKind = (url: string): Kind =>
  url.includes('/api/3') || url.includes('/api/action') ? 'ckan' : 'dcat'

const OPTIONS = {
  kind: { type: 'string' },
  source: { type: 'string' },
  trusted: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
} as const

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS })
  } catch (error) {
    // An unknown option or one without its value.
    throw new CommandError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  }
}

function readArguments() {
  const { values, positionals } = parse()
  const [url, ...rest] = positionals
  if (!url || rest.length > 0) throw new CommandError(USAGE)
  const kind = HarvestKind.safeParse(values.kind ?? guessKind(url))
  if (!kind.success) throw new CommandError(`${kind.error.issues[0]?.message ?? ''}\n${USAGE}`)
  const name = values.source ?? (URL.canParse(url) ? new URL(url).host : '')
  // The same rules as the admin screen's form.
  const input = HarvestSourceInput.safeParse({
    name,
    url,
    kind: kind.data,
    sourceName: name,
    schedule: 'manual',
    trusted: values.trusted,
    publish: false,
    enabled: true,
  })
  if (!input.success) {
    throw new CommandError(input.error.issues.map((issue) => issue.message).join('\n'))
  }
  // Stored as the admin screen stores it, so the screen and the command find the same source.
  return { source: normalised(input.data), dryRun: values['dry-run'] }
}

/** The source with this URL, or a new one (manual, as the arguments say). */
async function findOrCreateSource(db: Db, source: HarvestSourceInput): Promise<string> {
  const [known] = await db.query<{ id: string; name: string }>(
    'select id::text, name from harvest_sources where url = $1',
    [source.url],
  )
  if (known) {
    process.stderr.write(`Bestaande bron ‘${known.name}’ met zijn eigen instellingen.\n`)
    return known.id
  }
  const [created] = await db.query<{ id: string }>(
    `insert into harvest_sources (name, url, kind, source_name, schedule, trusted)
     values ($1, $2, $3, $4, 'manual', $5)
     on conflict do nothing returning id::text`,
    [source.name, source.url, source.kind, source.sourceName, source.trusted],
  )
  if (!created) {
    throw new CommandError(
      `Er is al een bron met de naam ‘${source.name}’. Kies een andere naam met --source.`,
    )
  }
  return created.id
}

function printOutcome(outcome: RunOutcome) {
  if (outcome.status === 'failed') {
    console.error(`Run mislukt: ${outcome.error ?? ''}`)
    return
  }
  const { counts } = outcome
  console.log(
    `Klaar: ${counts.created} nieuw, ${counts.updated} bijgewerkt, ${counts.withdrawn} ingetrokken, ` +
      `${counts.unchanged} ongewijzigd, ${counts.refused} geweigerd.`,
  )
  for (const refusal of outcome.refusals) {
    const title = refusal.title ? ` (${refusal.title})` : ''
    console.log(`geweigerd: ${refusal.identifier}${title}: ${refusal.reason}`)
  }
  if (counts.refused > outcome.refusals.length) {
    console.log(`… en nog ${counts.refused - outcome.refusals.length} geweigerd.`)
  }
  if (outcome.unmappedThemes.length > 0) {
    const themes = outcome.unmappedThemes.map(({ name, count }) => `${name} (${count})`)
    console.log(`Geen portaalthema voor: ${themes.join(', ')}.`)
  }
  if (outcome.dryRun) console.log('Proefrun: er is niets veranderd.')
}

async function main() {
  const { source, dryRun } = readArguments()
  await withPortalData(async ({ db }) => {
    const sourceId = await findOrCreateSource(db, source)
    const runId = await db.transaction((tx) =>
      queueRun(tx, { sourceId, trigger: 'cli', requestedBy: null, dryRun }),
    )
    if (!runId) throw new CommandError('Er loopt al een run voor deze bron.')
    const outcome = await executeRun({ db }, runId, { onProgress: drawProgress })
    process.stderr.write('\n')
    if (!outcome) throw new CommandError('De run is al door een ander proces uitgevoerd.')
    printOutcome(outcome)
    process.exitCode = outcome.status === 'failed' ? 1 : 0
  })
}

runCommand(main, 'Ophalen mislukt', (error) =>
  error instanceof CommandError || error instanceof InvalidInputError ? error.message : undefined,
)
