import type { HarvestRun, HarvestSource } from '@dataportaal/contract'

/** A row of harvest_runs, every column. */
export interface HarvestRunRow extends Record<string, unknown> {
  id: string
  source_id: string
  trigger: HarvestRun['trigger']
  status: HarvestRun['status']
  dry_run: boolean
  queued_at: Date
  started_at: Date | null
  finished_at: Date | null
  pages_read: number
  records_read: number
  records_expected: number | null
  created: number
  updated: number
  withdrawn: number
  unchanged: number
  refused: number
  refusals: HarvestRun['refusals']
  unmapped_themes: HarvestRun['unmappedThemes']
  error: string | null
}

/** A row of harvest_sources with its live documents counted, and its newest run if any. */
export interface HarvestSourceRow extends Record<string, unknown> {
  id: string
  name: string
  url: string
  kind: HarvestSource['kind']
  source_name: string
  schedule: HarvestSource['schedule']
  trusted: boolean
  publish: boolean
  enabled: boolean
  next_run_at: Date | null
  documents: number
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null)

export const presentRun = (row: HarvestRunRow): HarvestRun => ({
  id: row.id,
  sourceId: row.source_id,
  trigger: row.trigger,
  status: row.status,
  dryRun: row.dry_run,
  queuedAt: row.queued_at.toISOString(),
  startedAt: isoOrNull(row.started_at),
  finishedAt: isoOrNull(row.finished_at),
  progress: { pages: row.pages_read, records: row.records_read, expected: row.records_expected },
  counts: {
    created: row.created,
    updated: row.updated,
    withdrawn: row.withdrawn,
    unchanged: row.unchanged,
    refused: row.refused,
  },
  refusals: row.refusals,
  unmappedThemes: row.unmapped_themes,
  error: row.error,
})

export const presentSource = (
  row: HarvestSourceRow,
  lastRun: HarvestRunRow | undefined,
): HarvestSource => ({
  id: row.id,
  name: row.name,
  url: row.url,
  kind: row.kind,
  sourceName: row.source_name,
  schedule: row.schedule,
  trusted: row.trusted,
  publish: row.publish,
  enabled: row.enabled,
  nextRunAt: isoOrNull(row.next_run_at),
  documents: row.documents,
  lastRun: lastRun ? presentRun(lastRun) : null,
})
