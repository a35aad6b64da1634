import { HARVEST_SCHEDULE_HOURS, type HarvestSchedule } from '@dataportaal/contract'
import type { Db } from '../../db/client.ts'
import { queueRun } from './run.ts'

/** Sources taken per tick; the rest are due still and wait for the next one. */
const DUE_PER_TICK = 100

/**
 * Queues a run of every enabled source whose schedule is due, and sets its next time.
 * Nodes may tick at the same moment: `skip locked` gives each due source to one of them,
 * and a source with a run still waiting or running gets no second one. Answers how many
 * runs were queued.
 */
export async function enqueueDueHarvests(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: string; schedule: HarvestSchedule }>(
      `select id::text, schedule from harvest_sources
        where enabled and schedule <> 'manual' and next_run_at <= now()
        order by next_run_at
        limit $1
        for update skip locked`,
      [DUE_PER_TICK],
    )
    let queued = 0
    for (const source of due) {
      const runId = await queueRun(tx, {
        sourceId: source.id,
        trigger: 'schedule',
        requestedBy: null,
        dryRun: false,
      })
      if (runId) queued += 1
      await tx.query(
        `update harvest_sources set next_run_at = now() + $2 * interval '1 hour' where id = $1`,
        [source.id, HARVEST_SCHEDULE_HOURS[source.schedule] ?? 24],
      )
    }
    return queued
  })
}
