import type { Dashboard, DashboardPeriod } from '@dataportaal/contract'
import { DASHBOARD_PERIODS } from '@dataportaal/contract'
import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { SignedInOnly } from '../../shared/auth/SignedInOnly.tsx'
import { formatDate, formatNumber, formatRating } from '../../shared/format.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { readPeriod, useDashboard } from './api.ts'
import { CategoryBars, ChartSection, TimeBars, TimeLine } from './charts.tsx'
import { QualitySection } from './QualitySection.tsx'
import { DataTable, type Datum } from './DataTable.tsx'
import { figuresOf, peakOf, totalOf } from './figures.ts'
import { DASHBOARD_TEXTS as TEXTS } from './texts.ts'
import './dashboard.css'

/** /dashboard: the portal's statistics, for admins (decisions.md, "Dashboard"). */
export function DashboardPage() {
  const { authenticated, isAdmin } = useAuth()
  usePageTitle(TEXTS.heading)
  if (!authenticated || !isAdmin) {
    return <SignedInOnly audience="admin" title={TEXTS.heading} purpose={TEXTS.purpose} />
  }
  return <Statistics />
}

function Statistics() {
  const [searchParams, setSearchParams] = useSearchParams()
  const period = readPeriod(searchParams.get('period'))
  const dashboard = useDashboard(period)
  const { data } = dashboard

  const choose = (next: DashboardPeriod) =>
    setSearchParams((params) => {
      params.set('period', next)
      return params
    })

  return (
    <div className="portal-dashboard">
      <h1 className="utrecht-heading-1">{TEXTS.heading}</h1>
      <p className="utrecht-paragraph portal-dashboard__intro">{TEXTS.intro}</p>
      <PeriodSelect value={period} onChange={choose} />
      <div aria-busy={dashboard.isFetching}>
        {dashboard.isError && !data ? (
          <ErrorState title={TEXTS.error}>
            <p className="utrecht-paragraph">{TEXTS.errorHint}</p>
            <Button appearance="primary-action-button" onClick={() => void dashboard.refetch()}>
              {TEXTS.retry}
            </Button>
          </ErrorState>
        ) : !data ? (
          <LoadingState label={TEXTS.loading} />
        ) : (
          <div className={dashboard.isPlaceholderData ? 'portal-dashboard--stale' : undefined}>
            <p className="utrecht-paragraph portal-dashboard__range">
              {TEXTS.range(formatDate(data.from), formatDate(data.to))}{' '}
              {TEXTS.generatedAt(
                new Date(data.generatedAt).toLocaleTimeString('nl-NL', {
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              )}
            </p>
            <KeyFigures dashboard={data} />
            <Charts dashboard={data} />
            <QualitySection quality={data.quality} />
          </div>
        )}
      </div>
    </div>
  )
}

function PeriodSelect({
  value,
  onChange,
}: {
  value: DashboardPeriod
  onChange: (period: DashboardPeriod) => void
}) {
  const id = useId()
  return (
    <div className="portal-dashboard__period">
      <label className="utrecht-form-label" htmlFor={id}>
        {TEXTS.periodLabel}
      </label>
      <select
        id={id}
        className="utrecht-select utrecht-select--html-select"
        value={value}
        onChange={(event) => onChange(readPeriod(event.target.value))}
      >
        {DASHBOARD_PERIODS.map((option) => (
          <option key={option} value={option}>
            {TEXTS.period[option]}
          </option>
        ))}
      </select>
    </div>
  )
}

function KeyFigures({ dashboard }: { dashboard: Dashboard }) {
  const opens = dashboard.opensPerDay.reduce((sum, day) => sum + day.count, 0)
  const { waiting, held, failed } = dashboard.dataRequests
  const undelivered = waiting + held + failed
  const period = TEXTS.period[dashboard.period].toLowerCase()
  return (
    <section aria-labelledby="kerncijfers">
      <h2 id="kerncijfers" className="portal-visually-hidden">
        {TEXTS.keyFigures}
      </h2>
      <dl className="portal-dashboard__tiles">
        <div className="portal-dashboard__tile">
          <dt>{TEXTS.tiles.documents}</dt>
          <dd className="portal-dashboard__value">{formatNumber(dashboard.documents.total)}</dd>
        </div>
        <div className="portal-dashboard__tile">
          <dt>{TEXTS.tiles.averageRating}</dt>
          <dd className="portal-dashboard__value">
            {dashboard.averageRating === null ? '–' : formatRating(dashboard.averageRating)}
          </dd>
          <dd>
            {dashboard.ratingCount === 0
              ? TEXTS.tiles.noRating
              : TEXTS.tiles.ratingCount(dashboard.ratingCount)}
          </dd>
        </div>
        <div className="portal-dashboard__tile">
          <dt>{TEXTS.tiles.activeEmployees}</dt>
          <dd className="portal-dashboard__value">{formatNumber(dashboard.activeEmployees)}</dd>
          <dd>{period}</dd>
        </div>
        <div className="portal-dashboard__tile">
          <dt>{TEXTS.tiles.opens}</dt>
          <dd className="portal-dashboard__value">{formatNumber(opens)}</dd>
          <dd>{period}</dd>
        </div>
        <div className="portal-dashboard__tile">
          <dt>{TEXTS.tiles.dataRequests}</dt>
          <dd className="portal-dashboard__value">{formatNumber(undelivered)}</dd>
          <dd>
            {undelivered === 0
              ? TEXTS.tiles.allDelivered
              : TEXTS.tiles.dataRequestParts(dashboard.dataRequests)}
          </dd>
        </div>
        {dashboard.subscriptions && (
          <div className="portal-dashboard__tile">
            <dt>{TEXTS.tiles.subscriptions}</dt>
            <dd className="portal-dashboard__value">
              {formatNumber(dashboard.subscriptions.total)}
            </dd>
            <dd>{TEXTS.tiles.subscriptionParts(dashboard.subscriptions)}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}

function barSummary(heading: string, rows: readonly Datum[]) {
  return TEXTS.barSummary(heading, peakOf(rows), totalOf(rows))
}

function Charts({ dashboard }: { dashboard: Dashboard }) {
  const figures = figuresOf(dashboard)
  const { charts } = TEXTS
  return (
    <div className="portal-dashboard__grid">
      <ChartSection
        id="per-status"
        heading={charts.byStatus.heading}
        summary={barSummary(charts.byStatus.heading, figures.byStatus)}
        column={charts.byStatus.column}
        rows={figures.byStatus}
      >
        <CategoryBars rows={figures.byStatus} />
      </ChartSection>
      <ChartSection
        id="per-soort"
        heading={charts.byContentType.heading}
        summary={barSummary(charts.byContentType.heading, figures.byContentType)}
        column={charts.byContentType.column}
        rows={figures.byContentType}
      >
        <CategoryBars rows={figures.byContentType} />
      </ChartSection>
      <ChartSection
        id="per-thema"
        heading={charts.byTheme.heading}
        note={charts.byTheme.note}
        summary={barSummary(charts.byTheme.heading, figures.themeTable)}
        column={charts.byTheme.column}
        rows={figures.themeTable}
      >
        <CategoryBars rows={figures.themeChart} />
      </ChartSection>
      <ChartSection
        id="per-woo-categorie"
        heading={charts.byWooCategory.heading}
        summary={barSummary(charts.byWooCategory.heading, figures.byWooCategory)}
        column={charts.byWooCategory.column}
        rows={figures.byWooCategory}
        empty={charts.byWooCategory.empty}
      >
        <CategoryBars rows={figures.byWooCategory} />
      </ChartSection>
      <ChartSection
        id="uploads"
        heading={charts.uploads.heading}
        summary={barSummary(charts.uploads.heading, figures.uploads)}
        column={charts.uploads.column}
        rows={figures.uploads}
      >
        <TimeBars rows={figures.uploads} />
      </ChartSection>
      <ChartSection
        id="openingen"
        heading={charts.opens.heading}
        summary={TEXTS.lineSummary(
          charts.opens.heading,
          totalOf(figures.opens),
          peakOf(figures.opens),
        )}
        column={charts.opens.column}
        rows={figures.opens}
      >
        <TimeLine rows={figures.opens} />
      </ChartSection>
      <ChartSection
        id="meest-geopend"
        heading={charts.topDocuments.heading}
        summary={barSummary(charts.topDocuments.heading, figures.topDocuments)}
        column={charts.topDocuments.column}
        rows={figures.topDocuments}
        empty={charts.topDocuments.empty}
        tableOpen
      >
        <CategoryBars rows={figures.topDocuments} />
      </ChartSection>
      <TableSection
        id="zoekvragen"
        heading={charts.topQueries.heading}
        column={charts.topQueries.column}
        rows={figures.topQueries}
        empty={charts.topQueries.empty}
      />
      <TableSection
        id="zonder-resultaten"
        heading={charts.zeroResults.heading}
        column={charts.zeroResults.column}
        rows={figures.zeroResults}
        empty={charts.zeroResults.empty}
      />
    </div>
  )
}

function TableSection({
  id,
  heading,
  column,
  rows,
  empty,
}: {
  id: string
  heading: string
  column: string
  rows: readonly Datum[]
  empty: string
}) {
  return (
    <section className="portal-dashboard__section" aria-labelledby={id}>
      <h2 id={id} className="utrecht-heading-2">
        {heading}
      </h2>
      {rows.length === 0 ? (
        <p className="utrecht-paragraph">{empty}</p>
      ) : (
        <DataTable caption={heading} column={column} rows={rows} />
      )}
    </section>
  )
}
