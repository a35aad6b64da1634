import { z } from 'zod'
import { listOf } from './common.ts'
import { singleLineText } from './text.ts'
import { httpUrl } from './urls.ts'

/**
 * Harvesting other catalogues (issue 18, docs/harvesting.md): sources admins manage, and
 * the runs that bring their datasets in, each with its report.
 */

export const HARVEST_KINDS = ['dcat', 'ckan'] as const
export const HarvestKind = z.enum(HARVEST_KINDS, {
  error: 'Kies het soort bron: dcat of ckan.',
})
export type HarvestKind = z.infer<typeof HarvestKind>

export const HARVEST_KIND_LABELS: Record<HarvestKind, string> = {
  dcat: 'DCAT-AP-catalogus (Turtle of JSON-LD)',
  ckan: 'CKAN-API (package_search)',
}

/** How often a source is harvested by itself; `manual` only when someone asks. */
export const HARVEST_SCHEDULES = ['manual', 'hourly', 'daily', 'weekly'] as const
export const HarvestSchedule = z.enum(HARVEST_SCHEDULES, {
  error: 'Kies hoe vaak de bron wordt opgehaald.',
})
export type HarvestSchedule = z.infer<typeof HarvestSchedule>

export const HARVEST_SCHEDULE_LABELS: Record<HarvestSchedule, string> = {
  manual: 'Alleen met de hand',
  hourly: 'Elk uur',
  daily: 'Elke dag',
  weekly: 'Elke week',
}

/** The interval of each schedule in hours; a manual source has none. */
export const HARVEST_SCHEDULE_HOURS: Record<HarvestSchedule, number | null> = {
  manual: null,
  hourly: 1,
  daily: 24,
  weekly: 24 * 7,
}

export const HARVEST_LIMITS = {
  nameMax: 120,
  sourceNameMax: 120,
  urlMax: 2000,
  /** Refusals and unmapped themes a report keeps (the counts stay exact). */
  reportMax: 500,
  /** Runs of a source the admin screen lists. */
  runsListed: 20,
} as const

/** POST /harvest/sources, PUT /harvest/sources/{id}: a source as an admin enters it. */
export const HarvestSourceInput = z.strictObject({
  name: singleLineText({ error: 'Vul een naam in.' })
    .trim()
    .min(1, { error: 'Vul een naam in.' })
    .max(HARVEST_LIMITS.nameMax, {
      error: `Een naam is hoogstens ${HARVEST_LIMITS.nameMax} tekens lang.`,
    }),
  url: singleLineText({ error: 'Vul de URL van de catalogus of de CKAN-API in.' })
    .trim()
    .max(HARVEST_LIMITS.urlMax, {
      error: `Een URL is hoogstens ${HARVEST_LIMITS.urlMax} tekens lang.`,
    })
    .refine((value) => httpUrl(value) !== null, {
      error: 'Vul een volledige URL in die met http:// of https:// begint.',
    }),
  kind: HarvestKind,
  sourceName: singleLineText({ error: 'Vul de bronnaam in die de documenten krijgen.' })
    .trim()
    .min(1, { error: 'Vul de bronnaam in die de documenten krijgen.' })
    .max(HARVEST_LIMITS.sourceNameMax, {
      error: `Een bronnaam is hoogstens ${HARVEST_LIMITS.sourceNameMax} tekens lang.`,
    }),
  schedule: HarvestSchedule,
  trusted: z
    .boolean()
    .describe(
      'Publish harvested documents and their changes without validation; otherwise they wait for validation, again after every change at the source',
    ),
  publish: z
    .boolean()
    .describe("The city publishes them: include them in the portal's DCAT and DiWoo output"),
  enabled: z.boolean().describe('Off: the schedule skips the source; a manual run is refused'),
})
export type HarvestSourceInput = z.infer<typeof HarvestSourceInput>

export const HarvestSourceParams = z.strictObject({ id: z.uuid() })
export const HarvestRunParams = z.strictObject({ id: z.uuid() })

export const HARVEST_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export const HarvestRunStatus = z.enum(HARVEST_RUN_STATUSES)
export type HarvestRunStatus = z.infer<typeof HarvestRunStatus>

export const HARVEST_TRIGGERS = ['manual', 'schedule', 'cli'] as const
export const HarvestTrigger = z.enum(HARVEST_TRIGGERS)
export type HarvestTrigger = z.infer<typeof HarvestTrigger>

/** A record the run did not take in, and why (Dutch). */
export const HarvestRefusal = z.object({
  identifier: z.string().describe("The source's identifier of the record, or its position"),
  title: z.string().nullable(),
  reason: z.string(),
})
export type HarvestRefusal = z.infer<typeof HarvestRefusal>

export const HarvestCounts = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  withdrawn: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
})
export type HarvestCounts = z.infer<typeof HarvestCounts>

/** One run of a source: its progress while it runs, its report when it is done. */
export const HarvestRun = z
  .object({
    id: z.uuid(),
    sourceId: z.uuid(),
    trigger: HarvestTrigger,
    status: HarvestRunStatus,
    dryRun: z.boolean(),
    queuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    progress: z.object({
      pages: z.number().int().nonnegative(),
      records: z.number().int().nonnegative(),
      expected: z
        .number()
        .int()
        .nonnegative()
        .nullable()
        .describe('What the source said it holds; null when it did not say'),
    }),
    counts: HarvestCounts,
    refusals: z
      .array(HarvestRefusal)
      .describe(`The first ${HARVEST_LIMITS.reportMax}; counts.refused has them all`),
    unmappedThemes: z
      .array(z.object({ name: z.string(), count: z.number().int().positive() }))
      .describe('Themes, keywords or groups of the source that no portal theme stands for'),
    error: z
      .string()
      .nullable()
      .describe('Why a failed run failed (Dutch); it changed nothing in the portal'),
  })
  .meta({ id: 'HarvestRun' })
export type HarvestRun = z.infer<typeof HarvestRun>

export const HarvestSource = HarvestSourceInput.extend({
  id: z.uuid(),
  nextRunAt: z.string().nullable(),
  documents: z
    .number()
    .int()
    .nonnegative()
    .describe('Documents of this source in the portal, withdrawn ones not counted'),
  lastRun: HarvestRun.nullable(),
}).meta({ id: 'HarvestSource' })
export type HarvestSource = z.infer<typeof HarvestSource>

export const HarvestSourceList = listOf(HarvestSource).meta({ id: 'HarvestSourceList' })
export type HarvestSourceList = z.infer<typeof HarvestSourceList>

export const HarvestRunList = listOf(HarvestRun).meta({ id: 'HarvestRunList' })
export type HarvestRunList = z.infer<typeof HarvestRunList>

/** Whether a run is still under way (the screen polls it until it is not). */
export const isActiveRun = (run: Pick<HarvestRun, 'status'>) =>
  run.status === 'queued' || run.status === 'running'

/** Where a harvested document came from, for its page ("Bron: …, opgehaald op …"). */
export const DocumentHarvest = z
  .object({
    source: z.string().describe('The name of the harvest source'),
    harvestedAt: z.string().describe('When a run last found it at the source'),
  })
  .meta({ id: 'DocumentHarvest' })
export type DocumentHarvest = z.infer<typeof DocumentHarvest>

/** A file of a harvested document: a link to it at its source, not a copy. */
export const DocumentLink = z
  .object({
    id: z.uuid(),
    title: z.string(),
    url: z.string(),
    format: z.string().nullable(),
    mediaType: z.string().nullable(),
    size: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'DocumentLink' })
export type DocumentLink = z.infer<typeof DocumentLink>
