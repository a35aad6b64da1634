import { z } from 'zod'
import { Bucket } from './common.ts'
import { CatalogueQuality } from './quality.ts'

/** The periods an admin can choose on the dashboard, in days. */
export const DASHBOARD_PERIODS = ['7d', '30d', '90d', '365d'] as const
export const DashboardPeriod = z.enum(DASHBOARD_PERIODS, {
  error: 'Kies een periode van 7d, 30d, 90d of 365d.',
})
export type DashboardPeriod = z.infer<typeof DashboardPeriod>
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d'

export const DASHBOARD_LIMITS = {
  /** Most opened documents, most frequent queries and zero-result queries. */
  topItems: 10,
  /** Uploads per month always cover this many months, the current one included. */
  uploadMonths: 12,
} as const

/** Days in a period: '30d' is 30 days, today (Europe/Amsterdam) included. */
export const periodDays = (period: DashboardPeriod) => Number(period.slice(0, -1))

/**
 * GET /search/dashboard (admins). The period applies to opens per day, most opened
 * documents, queries and active employees; uploads per month always cover 12 months.
 */
export const DashboardQuery = z.strictObject({
  period: DashboardPeriod.default(DEFAULT_DASHBOARD_PERIOD),
})
export type DashboardQuery = z.infer<typeof DashboardQuery>

const count = z.number().int().nonnegative()

export const DashboardMonth = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count })
export const DashboardDay = z.object({ day: z.iso.date(), count })
export const DashboardDocument = z.object({ id: z.uuid(), title: z.string(), count })
export const DashboardQueryCount = z.object({ query: z.string(), count })
export type DashboardDocument = z.infer<typeof DashboardDocument>
export type DashboardQueryCount = z.infer<typeof DashboardQueryCount>

export const Dashboard = z
  .object({
    period: DashboardPeriod,
    /** First and last day of the period (Europe/Amsterdam), both included. */
    from: z.iso.date(),
    to: z.iso.date(),
    /** When these figures were computed; they are cached for a short while. */
    generatedAt: z.iso.datetime({ offset: true }),
    documents: z.object({
      /** Documents not deleted, in every status. */
      total: count,
      byStatus: z.array(Bucket),
      byContentType: z.array(Bucket),
      /** Every theme in use, most documents first; a document counts for each of its themes. */
      byTheme: z.array(Bucket),
      withoutTheme: count,
      /** Per Woo information category (key: its number), every category in use, by number. */
      byWooCategory: z.array(Bucket),
    }),
    /** Average of every rating of the documents not deleted, one decimal; null without ratings. */
    averageRating: z.number().nullable(),
    ratingCount: count,
    /** Employees seen (signed in and using the portal) in the period. */
    activeEmployees: count,
    /**
     * Data questions (POST /mail) not yet delivered, now: waiting for a (next) attempt,
     * held (no mail server configured), or failed after the last attempt.
     */
    dataRequests: z.object({ waiting: count, held: count, failed: count }),
    /**
     * E-mail subscriptions of visitors, now: all, confirmed; messages sent, and bounced (the
     * mail server refused the address for good), all time.
     */
    subscriptions: z
      .object({ total: count, confirmed: count, sent: count, bounced: count })
      .optional(),
    /** Documents uploaded by employees per month, oldest first, zero-filled. */
    uploadsPerMonth: z.array(DashboardMonth),
    /** POST /documents/open calls per day of the period, oldest first, zero-filled. */
    opensPerDay: z.array(DashboardDay),
    topDocuments: z.array(DashboardDocument),
    /** Normalised (lowercase, no accents) non-empty queries, most frequent first. */
    topQueries: z.array(DashboardQueryCount),
    zeroResultQueries: z.array(DashboardQueryCount),
    /** The metadata quality (MQA) of the published documents, per catalogue, own first. */
    quality: z.array(CatalogueQuality).optional(),
  })
  .meta({ id: 'Dashboard' })
export type Dashboard = z.infer<typeof Dashboard>
