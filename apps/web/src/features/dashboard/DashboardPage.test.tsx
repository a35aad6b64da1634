import { API_PREFIX, apiPaths, type Dashboard } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, EMPLOYEE, testSession } from '../../test/auth.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { CHART_THEMES } from './figures.ts'
import { DashboardPage } from './DashboardPage.tsx'
import { DASHBOARD_TEXTS as TEXTS } from './texts.ts'

const DOC_ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'

function aDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    period: '30d',
    from: '2026-10-24',
    to: '2026-11-22',
    generatedAt: '2026-11-22T09:15:00.000Z',
    documents: {
      total: 1234,
      byStatus: [
        { key: 'openstaand', count: 4 },
        { key: 'goedgekeurd', count: 1200 },
        { key: 'afgekeurd', count: 30 },
      ],
      byContentType: [
        { key: 'Dataset', count: 1000 },
        { key: 'Rapport', count: 234 },
      ],
      byTheme: Array.from({ length: 12 }, (_, i) => ({ key: `Thema ${i + 1}`, count: 100 - i })),
      withoutTheme: 7,
      byWooCategory: [
        { key: '008', count: 12 },
        { key: '014', count: 3 },
      ],
    },
    averageRating: 3.7,
    ratingCount: 42,
    activeEmployees: 17,
    dataRequests: { waiting: 0, held: 2, failed: 1 },
    subscriptions: { total: 12, confirmed: 9, sent: 31, bounced: 2 },
    uploadsPerMonth: Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      count: i === 10 ? 5 : 0,
    })),
    // The 30 days of the period, 2026-10-24 to 2026-11-22, each once.
    opensPerDay: Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
      count: i === 29 ? 6 : 0,
    })),
    topDocuments: [{ id: DOC_ID, title: 'Fietstellingen binnenstad', count: 6 }],
    topQueries: [
      { query: 'fiets', count: 9 },
      { query: 'parkeren', count: 2 },
    ],
    zeroResultQueries: [{ query: 'parkeren', count: 2 }],
    ...overrides,
  }
}

const dashboardUrl = `${API_PREFIX.authenticated}${apiPaths.dashboard}`

function stubDashboard(answer: (period: string) => Response) {
  return stubApi((url) =>
    url.pathname === dashboardUrl
      ? answer(url.searchParams.get('period') ?? '')
      : json({ title: 'Niet gevonden', status: 404 }, 404),
  )
}

const renderDashboard = (url = '/dashboard', auth = ADMIN) =>
  renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], url, {
    auth: testSession(auth).session,
  })

/** The table that follows a section's heading. */
async function tableOf(heading: string) {
  const section = (await screen.findByRole('heading', { level: 2, name: heading })).closest(
    'section',
  )
  if (!section) throw new Error(`no section for ${heading}`)
  return within(section).getByRole('table', { hidden: true })
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => row.textContent)

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('token', 'h.p.s')
  // recharts measures its container; jsdom has no layout, the charts themselves are seen in e2e.
  vi.stubGlobal('ResizeObserver', NoResizeObserver)
})
afterEach(() => vi.unstubAllGlobals())

describe('/dashboard', () => {
  it('shows the key figures as tiles', async () => {
    stubDashboard(() => json(aDashboard()))
    renderDashboard()
    const tile = async (label: string) => (await screen.findByText(label)).closest('div')
    expect(await tile(TEXTS.tiles.documents)).toHaveTextContent('1.234')
    expect(await tile(TEXTS.tiles.averageRating)).toHaveTextContent('3,7')
    expect(await tile(TEXTS.tiles.averageRating)).toHaveTextContent('42 waarderingen')
    expect(await tile(TEXTS.tiles.activeEmployees)).toHaveTextContent('17')
    expect(await tile(TEXTS.tiles.opens)).toHaveTextContent('6')
    const outbox = await tile(TEXTS.tiles.dataRequests)
    expect(outbox).toHaveTextContent('3')
    expect(outbox).toHaveTextContent('1 mislukt, opnieuw te versturen door de technisch beheerder')
    expect(outbox).toHaveTextContent('2 wachten op een mailserver')
    const subscriptions = await tile(TEXTS.tiles.subscriptions)
    expect(subscriptions).toHaveTextContent('12')
    expect(subscriptions).toHaveTextContent('9 bevestigd; 31 berichten verstuurd, 2 onbestelbaar')
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })

  it('gives every chart a text alternative and its figures as a table', async () => {
    stubDashboard(() => json(aDashboard()))
    renderDashboard()
    const { charts } = TEXTS

    expect(rowsOf(await tableOf(charts.byStatus.heading))).toEqual([
      'Openstaand4',
      'Goedgekeurd1.200',
      'Afgekeurd30',
    ])
    expect(rowsOf(await tableOf(charts.byContentType.heading))).toEqual([
      'Dataset1.000',
      'Rapport234',
    ])
    expect(rowsOf(await tableOf(charts.byWooCategory.heading))).toEqual([
      'Vergaderstukken decentrale overheden12',
      'Woo-verzoeken en -besluiten3',
    ])
    const themes = rowsOf(await tableOf(charts.byTheme.heading))
    expect(themes).toHaveLength(13)
    expect(themes.at(-1)).toBe('Geen thema7')
    expect(rowsOf(await tableOf(charts.uploads.heading))).toHaveLength(12)
    expect(rowsOf(await tableOf(charts.uploads.heading))[10]).toBe('nov 20265')
    expect(rowsOf(await tableOf(charts.opens.heading))).toHaveLength(30)
    expect(rowsOf(await tableOf(charts.topQueries.heading))).toEqual(['fiets9', 'parkeren2'])
    expect(rowsOf(await tableOf(charts.zeroResults.heading))).toEqual(['parkeren2'])

    const top = await tableOf(charts.topDocuments.heading)
    expect(within(top).getByRole('link', { name: 'Fietstellingen binnenstad' })).toHaveAttribute(
      'href',
      `/documenten/${DOC_ID}`,
    )

    expect(
      screen.getByRole('img', {
        name: 'Staafdiagram documenten per status: 1.234 in totaal, de meeste bij Goedgekeurd (1.200).',
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('img', { name: /^Staafdiagram documenten per thema: .*Thema 1 \(100\)/ }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('img', {
        name: 'Staafdiagram documenten per Woo-informatiecategorie: 15 in totaal, de meeste bij Vergaderstukken decentrale overheden (12).',
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('img', { name: /^Lijndiagram geopende documenten per dag: 6 in totaal/ }),
    ).toBeInTheDocument()
    // The top themes are drawn, the rest summed into one bar.
    expect(CHART_THEMES).toBeLessThan(12)
  })

  it('keeps the long tables behind ‘Toon als tabel’, the linked one open', async () => {
    stubDashboard(() => json(aDashboard()))
    renderDashboard()
    const user = userEvent.setup()
    const opens = await tableOf(TEXTS.charts.opens.heading)
    expect(opens).not.toBeVisible()
    const toggles = screen.getAllByText(TEXTS.showTable)
    expect(toggles).toHaveLength(6)
    await user.click(toggles[5]!)
    expect(opens).toBeVisible()
    expect(await tableOf(TEXTS.charts.topDocuments.heading)).toBeVisible()
  })

  it('asks the chosen period and keeps it in the URL', async () => {
    const { calls } = stubDashboard((period) =>
      json(
        aDashboard({
          period: period === '90d' ? '90d' : '30d',
          activeEmployees: period === '90d' ? 40 : 17,
        }),
      ),
    )
    const { router } = renderDashboard()
    const user = userEvent.setup()
    const select = await screen.findByRole('combobox', { name: TEXTS.periodLabel })
    expect(select).toHaveValue('30d')
    await screen.findByText('17')

    await user.selectOptions(select, '90d')
    await screen.findByText('40')
    expect(router.state.location.search).toBe('?period=90d')
    expect(calls.map((url) => url.searchParams.get('period'))).toEqual(['30d', '90d'])
  })

  it('reads the period from the URL', async () => {
    const { calls } = stubDashboard(() => json(aDashboard({ period: '7d' })))
    renderDashboard('/dashboard?period=7d')
    expect(await screen.findByRole('combobox', { name: TEXTS.periodLabel })).toHaveValue('7d')
    await waitFor(() => expect(calls[0]?.searchParams.get('period')).toBe('7d'))
  })

  it('says when nothing was opened or searched', async () => {
    stubDashboard(() =>
      json(aDashboard({ topDocuments: [], topQueries: [], zeroResultQueries: [] })),
    )
    renderDashboard()
    expect(await screen.findByText(TEXTS.charts.topDocuments.empty)).toBeVisible()
    expect(screen.getByText(TEXTS.charts.topQueries.empty)).toBeVisible()
    expect(screen.getByText(TEXTS.charts.zeroResults.empty)).toBeVisible()
  })

  it('says when no document has a Woo information category', async () => {
    stubDashboard(() =>
      json(aDashboard({ documents: { ...aDashboard().documents, byWooCategory: [] } })),
    )
    renderDashboard()
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: TEXTS.charts.byWooCategory.heading,
    })
    const section = heading.closest('section')!
    expect(
      within(section).getByText('Nog geen documenten met een Woo-informatiecategorie.'),
    ).toBeVisible()
    expect(within(section).queryByRole('table', { hidden: true })).toBeNull()
  })

  it('shows an error with a retry that loads the figures', async () => {
    let fail = true
    stubDashboard(() =>
      fail ? json({ title: 'Serverfout', status: 503 }, 503) : json(aDashboard()),
    )
    renderDashboard()
    const user = userEvent.setup()
    expect(await screen.findByText(TEXTS.error)).toBeVisible()
    fail = false
    await user.click(screen.getByRole('button', { name: TEXTS.retry }))
    expect(await screen.findByText('1.234')).toBeVisible()
  })

  it('tells an employee the screen is for admins, without asking the API', async () => {
    const { calls } = stubDashboard(() => json(aDashboard()))
    renderDashboard('/dashboard', EMPLOYEE)
    expect(await screen.findByText(/alleen beschikbaar voor beheerders/)).toBeVisible()
    expect(calls).toEqual([])
  })
})
