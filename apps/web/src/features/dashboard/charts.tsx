import type { ReactNode } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatNumber } from '../../shared/format.ts'
import { DataTable, type Datum } from './DataTable.tsx'
import { DASHBOARD_TEXTS as TEXTS } from './texts.ts'

/*
 * recharts is only imported here, in the dashboard's own chunk. Colours are the portal's
 * tokens, set in dashboard.css over the attributes below; contrast mode turns every fill and
 * stroke yellow (app.css). Animations are off: they add nothing to figures.
 */
const COLOR = { bar: '#1f4e79', line: '#1f4e79', grid: '#8a8a8f', tick: '#4d4d4d' } as const
const TICK = { fill: COLOR.tick, fontSize: 13 }
const tooltipFormatter = (value: unknown) => [
  typeof value === 'number' ? formatNumber(value) : String(value),
  TEXTS.count,
]

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * A category's name as a tick: the axis wraps it at spaces within its 150 px, so the name is
 * cut at 26 characters and any one word at 18 ('Bereikbaarheidsgegevens' would not fit a
 * line). The table and the tooltip give the whole name.
 */
function shorten(label: string) {
  return cut(label, 26)
    .split(' ')
    .map((word) => cut(word, 18))
    .join(' ')
}

interface ChartSectionProps {
  id: string
  heading: string
  note?: string
  /** The chart's text alternative (its `aria-label`). */
  summary: string
  column: string
  rows: readonly Datum[]
  /** Shown instead of the chart and table when there are no rows. */
  empty?: string
  /** The table is always shown (it holds links), not behind 'Toon als tabel'. */
  tableOpen?: boolean
  children: ReactNode
}

/** A chart with its heading, a short text alternative and its figures as a table. */
export function ChartSection({
  id,
  heading,
  note,
  summary,
  column,
  rows,
  empty,
  tableOpen = false,
  children,
}: ChartSectionProps) {
  const table = <DataTable caption={heading} column={column} rows={rows} />
  return (
    <section className="portal-dashboard__section" aria-labelledby={id}>
      <h2 id={id} className="utrecht-heading-2">
        {heading}
      </h2>
      {note && <p className="utrecht-paragraph portal-dashboard__note">{note}</p>}
      {rows.length === 0 ? (
        <p className="utrecht-paragraph">{empty ?? TEXTS.empty}</p>
      ) : (
        <>
          <div className="portal-dashboard__figure" role="img" aria-label={summary}>
            {children}
          </div>
          {tableOpen ? (
            table
          ) : (
            <details className="portal-dashboard__details">
              <summary>{TEXTS.showTable}</summary>
              {table}
            </details>
          )}
        </>
      )}
    </section>
  )
}

/** Horizontal bars, for categories with long names (statuses, types, themes, titles). */
export function CategoryBars({ rows }: { rows: readonly Datum[] }) {
  const height = Math.max(120, rows.length * 34 + 40)
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={rows.map((row) => ({ ...row }))}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke={COLOR.grid} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={TICK} tickFormatter={formatNumber} />
        <YAxis
          type="category"
          dataKey="label"
          width={150}
          tick={TICK}
          tickFormatter={(label: string) => shorten(label)}
          interval={0}
        />
        <Tooltip formatter={tooltipFormatter} cursor={false} />
        <Bar dataKey="count" fill={COLOR.bar} isAnimationActive={false} barSize={20} />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** Vertical bars over time (uploads per month). */
export function TimeBars({ rows }: { rows: readonly Datum[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart
        data={rows.map((row) => ({ ...row }))}
        margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke={COLOR.grid} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={TICK} minTickGap={8} />
        <YAxis allowDecimals={false} tick={TICK} width={40} tickFormatter={formatNumber} />
        <Tooltip formatter={tooltipFormatter} cursor={false} />
        <Bar dataKey="count" fill={COLOR.bar} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** A line over days (opens per day). */
export function TimeLine({ rows }: { rows: readonly Datum[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart
        data={rows.map((row) => ({ ...row }))}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke={COLOR.grid} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={TICK} width={40} tickFormatter={formatNumber} />
        <Tooltip formatter={tooltipFormatter} />
        <Line
          type="monotone"
          dataKey="count"
          stroke={COLOR.line}
          strokeWidth={2}
          dot={rows.length <= 31}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  )
}
