import {
  DocumentStatus,
  WooCategory,
  wooCategoryLabel,
  type Dashboard,
} from '@dataportaal/contract'
import { documentHref } from '../../shared/routes.ts'
import type { Datum } from './DataTable.tsx'
import { DASHBOARD_TEXTS as TEXTS } from './texts.ts'

/** Themes drawn as their own bar; the rest are summed into one. */
export const CHART_THEMES = 10

const monthFormat = new Intl.DateTimeFormat('nl-NL', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const dayFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2026-11' → 'nov 2026'. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))
/** '2026-11-21' → '21 nov 2026'. */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))

const plain = (buckets: ReadonlyArray<{ key: string; count: number }>): Datum[] =>
  buckets.map(({ key, count }) => ({ key, label: key, count }))

/** The dashboard's answer as rows for each chart and table. */
export function figuresOf(dashboard: Dashboard) {
  const { documents } = dashboard
  const themes = plain(documents.byTheme)
  const rest = themes.slice(CHART_THEMES)
  const themeTable = [
    ...themes,
    ...(documents.withoutTheme > 0
      ? [{ key: '', label: TEXTS.charts.byTheme.none, count: documents.withoutTheme }]
      : []),
  ]
  return {
    byStatus: documents.byStatus.map(({ key, count }) => {
      const status = DocumentStatus.safeParse(key)
      return { key, label: status.success ? TEXTS.statuses[status.data] : key, count }
    }),
    byContentType: plain(documents.byContentType),
    themeChart: [
      ...themes.slice(0, CHART_THEMES),
      ...(rest.length > 0
        ? [
            {
              key: '\u0000rest',
              label: TEXTS.charts.byTheme.rest(rest.length),
              count: rest.reduce((sum, row) => sum + row.count, 0),
            },
          ]
        : []),
    ],
    themeTable,
    byWooCategory: documents.byWooCategory.map(({ key, count }) => {
      const category = WooCategory.safeParse(key)
      return { key, label: category.success ? wooCategoryLabel(category.data) : key, count }
    }),
    uploads: dashboard.uploadsPerMonth.map(({ month, count }) => ({
      key: month,
      label: monthLabel(month),
      count,
    })),
    opens: dashboard.opensPerDay.map(({ day, count }) => ({
      key: day,
      label: dayLabel(day),
      count,
    })),
    topDocuments: dashboard.topDocuments.map(({ id, title, count }) => ({
      key: id,
      label: title,
      count,
      href: documentHref(id),
    })),
    topQueries: dashboard.topQueries.map(({ query, count }) => ({
      key: query,
      label: query,
      count,
    })),
    zeroResults: dashboard.zeroResultQueries.map(({ query, count }) => ({
      key: query,
      label: query,
      count,
    })),
  }
}

export const totalOf = (rows: readonly Datum[]) => rows.reduce((sum, row) => sum + row.count, 0)

/** The row with the highest count (the first of equals), for a chart's text alternative. */
export const peakOf = (rows: readonly Datum[]) =>
  rows.reduce<Datum | undefined>(
    (peak, row) => (!peak || row.count > peak.count ? row : peak),
    undefined,
  )
