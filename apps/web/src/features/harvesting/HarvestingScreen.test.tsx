import { HARVEST_KIND_LABELS, HARVEST_SCHEDULE_LABELS, apiPaths } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HARVEST_ADMIN_PATH } from '../../shared/routes.ts'
import { json, renderRoutes } from '../../test/render.tsx'
import { HarvestingScreen } from './HarvestingScreen.tsx'
import {
  RUN_ID,
  SOURCE_ID,
  aRun,
  aSource,
  adminApi,
  signedInAdmin,
  stubHarvestApi,
} from './test-data.ts'
import { HARVEST_TEXTS as TEXTS } from './texts.ts'

afterEach(() => vi.unstubAllGlobals())

const renderScreen = () =>
  renderRoutes(
    [{ path: HARVEST_ADMIN_PATH, element: <HarvestingScreen /> }],
    HARVEST_ADMIN_PATH,
    signedInAdmin(),
  )

const sourcesTable = () => screen.findByRole('table', { name: TEXTS.sourcesHeading })
const cellOf = (row: HTMLElement, column: string) =>
  within(row)
    .getAllByRole('cell')
    .find((cell) => cell.dataset['label'] === column)

/** Typing a form and a run's polls a second apart take seconds on a busy machine. */
const SLOW = 20_000

/** Two polls a second apart, and then some. */
const POLLING = { timeout: 4000 }

describe('/harvesten', () => {
  it('lists the sources with their settings and last run', async () => {
    stubHarvestApi({
      sources: [aSource({ enabled: false, trusted: true, schedule: 'weekly', documents: 1234 })],
    })
    renderScreen()
    const table = await sourcesTable()
    const row = within(table).getByRole('row', { name: /Statistiek CKAN/ })
    expect(within(row).getByRole('rowheader')).toHaveTextContent(
      'https://ckan.voorbeeld.nl/api/3/action/package_search',
    )
    expect(cellOf(row, TEXTS.columns.kind)).toHaveTextContent(HARVEST_KIND_LABELS.ckan)
    expect(cellOf(row, TEXTS.columns.sourceName)).toHaveTextContent('Onderzoek en Statistiek')
    expect(cellOf(row, TEXTS.columns.schedule)).toHaveTextContent(HARVEST_SCHEDULE_LABELS.weekly)
    expect(cellOf(row, TEXTS.columns.trusted)).toHaveTextContent(TEXTS.yes)
    expect(cellOf(row, TEXTS.columns.enabled)).toHaveTextContent(TEXTS.off)
    expect(cellOf(row, TEXTS.columns.documents)).toHaveTextContent('1.234')
    expect(cellOf(row, TEXTS.columns.lastRun)).toHaveTextContent('Geslaagd20 november 2026 om')
    // A source that is off cannot be run, and says why.
    const runButton = within(row).getByRole('button', { name: 'Nu ophalen van Statistiek CKAN' })
    expect(runButton).toHaveAttribute('aria-disabled', 'true')
    expect(runButton).toHaveAccessibleDescription(TEXTS.runBlockedOff)
    expect(document.title).toMatch(new RegExp(`^${TEXTS.title} \\|`))
  })

  it('says when there are no sources yet', async () => {
    stubHarvestApi({})
    renderScreen()
    expect(await screen.findByText(TEXTS.empty)).toBeVisible()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it(
    'adds a source: checks it first, sends the contract’s body, announces it',
    async () => {
      const sent = stubHarvestApi({})
      renderScreen()
      await screen.findByText(TEXTS.empty)
      const user = userEvent.setup()
      const name = screen.getByRole('textbox', { name: /^Naam/ })

      await user.click(screen.getByRole('button', { name: TEXTS.form.add }))
      expect(name).toHaveFocus()
      expect(name).toHaveAccessibleDescription(expect.stringContaining('Vul een naam in.'))
      expect(sent).toEqual([])

      await user.type(name, '  Regio DCAT ')
      await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'ftp://regio.nl')
      await user.type(
        screen.getByRole('textbox', { name: /^Bronnaam in het portaal/ }),
        'Regionale catalogus',
      )
      await user.click(screen.getByRole('button', { name: TEXTS.form.add }))
      const url = screen.getByRole('textbox', { name: /^URL/ })
      expect(url).toHaveFocus()
      expect(url).toHaveAccessibleDescription(expect.stringContaining('http:// of https://'))

      await user.clear(url)
      await user.type(url, 'https://regio.nl/catalogus.ttl')
      await user.selectOptions(
        screen.getByRole('combobox', { name: /^Schema/ }),
        HARVEST_SCHEDULE_LABELS.weekly,
      )
      await user.click(screen.getByRole('checkbox', { name: TEXTS.form.trusted }))
      await user.click(screen.getByRole('button', { name: TEXTS.form.add }))

      expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.form.added('Regio DCAT'))
      expect(sent).toEqual([
        {
          method: 'POST',
          path: adminApi(apiPaths.harvestSources),
          body: {
            name: 'Regio DCAT',
            url: 'https://regio.nl/catalogus.ttl',
            kind: 'dcat',
            sourceName: 'Regionale catalogus',
            schedule: 'weekly',
            trusted: true,
            publish: false,
            enabled: true,
          },
        },
      ])
      expect(await sourcesTable()).toHaveTextContent('Regio DCAT')
      expect(name).toHaveValue('')
    },
    SLOW,
  )

  it(
    'shows the server’s 409 about the name at the name field',
    async () => {
      const message = 'Er bestaat al een bron met deze naam.'
      stubHarvestApi({
        create: () =>
          json(
            {
              title: 'Conflict',
              status: 409,
              detail: message,
              errors: [{ path: 'body.name', message }],
            },
            409,
          ),
      })
      renderScreen()
      await screen.findByText(TEXTS.empty)
      const user = userEvent.setup()
      const name = screen.getByRole('textbox', { name: /^Naam/ })
      await user.type(name, 'Statistiek CKAN')
      await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://ckan.voorbeeld.nl')
      await user.type(screen.getByRole('textbox', { name: /^Bronnaam in het portaal/ }), 'O&S')
      await user.click(screen.getByRole('button', { name: TEXTS.form.add }))

      await waitFor(() =>
        expect(name).toHaveAccessibleDescription(expect.stringContaining(message)),
      )
      expect(name).toHaveAttribute('aria-invalid', 'true')
      expect(name).toHaveFocus()
      expect(name).toHaveValue('Statistiek CKAN')
      expect(screen.queryByText(TEXTS.form.added('Statistiek CKAN'))).not.toBeInTheDocument()
    },
    SLOW,
  )

  it(
    'edits a source in the same form, filled in, and saves it with PUT',
    async () => {
      const sent = stubHarvestApi({ sources: [aSource()] })
      renderScreen()
      const row = within(await sourcesTable()).getByRole('row', { name: /Statistiek CKAN/ })
      const user = userEvent.setup()
      await user.click(within(row).getByRole('button', { name: 'Bewerken van Statistiek CKAN' }))

      const heading = screen.getByRole('heading', {
        name: TEXTS.form.editHeading('Statistiek CKAN'),
      })
      await waitFor(() => expect(heading).toHaveFocus())
      expect(screen.getByRole('textbox', { name: /^Naam/ })).toHaveValue('Statistiek CKAN')
      expect(screen.getByRole('combobox', { name: /^Soort bron/ })).toHaveDisplayValue(
        HARVEST_KIND_LABELS.ckan,
      )
      const enabled = screen.getByRole('checkbox', { name: TEXTS.form.enabled })
      expect(enabled).toBeChecked()
      await user.click(enabled)
      await user.click(screen.getByRole('button', { name: TEXTS.form.save }))

      expect(await screen.findByText(TEXTS.form.saved('Statistiek CKAN'))).toBeVisible()
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: adminApi(apiPaths.harvestSource(SOURCE_ID)),
          body: expect.objectContaining({ name: 'Statistiek CKAN', kind: 'ckan', enabled: false }),
        },
      ])
      // Back to adding; the list shows the source off.
      expect(screen.getByRole('heading', { name: TEXTS.form.addHeading })).toBeVisible()
      await waitFor(() => expect(cellOf(row, TEXTS.columns.enabled)).toHaveTextContent(TEXTS.off))
    },
    SLOW,
  )

  it(
    'starts a run, shows its progress, then its report',
    async () => {
      const queued = aRun({
        id: RUN_ID,
        status: 'queued',
        startedAt: null,
        finishedAt: null,
        progress: { pages: 0, records: 0, expected: null },
        counts: { created: 0, updated: 0, withdrawn: 0, unchanged: 0, refused: 0 },
      })
      const running = {
        ...queued,
        status: 'running' as const,
        startedAt: '2026-11-24T10:00:00.000Z',
        progress: { pages: 3, records: 250, expected: 1000 },
      }
      const succeeded = {
        ...running,
        status: 'succeeded' as const,
        finishedAt: '2026-11-24T10:05:00.000Z',
        progress: { pages: 10, records: 1000, expected: 1000 },
        counts: { created: 12, updated: 3, withdrawn: 2, unchanged: 980, refused: 3 },
        refusals: [
          { identifier: 'pkg-17', title: null, reason: 'De titel ontbreekt.' },
          {
            identifier: 'pkg-18',
            title: 'Parkeren',
            reason: 'Onbekende licentie: eigen-licentie.',
          },
        ],
        unmappedThemes: [{ name: 'Verkeer en vervoer', count: 7 }],
      }
      const older = aRun({ id: '7b2e1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b00' })
      const sent = stubHarvestApi({
        sources: [aSource({ lastRun: older })],
        runs: { [SOURCE_ID]: [older] },
        polls: [queued, running, succeeded],
      })
      renderScreen()
      const row = within(await sourcesTable()).getByRole('row', { name: /Statistiek CKAN/ })
      const user = userEvent.setup()
      await user.click(within(row).getByRole('button', { name: 'Nu ophalen van Statistiek CKAN' }))

      expect(await screen.findByText(TEXTS.runStarted('Statistiek CKAN'))).toBeVisible()
      expect(sent).toEqual([
        { method: 'POST', path: adminApi(apiPaths.harvestSourceRuns(SOURCE_ID)), body: undefined },
      ])
      const report = await screen.findByRole('region', {
        name: TEXTS.reportHeading('Statistiek CKAN'),
      })
      const progress = await within(report).findByRole(
        'progressbar',
        { name: 'Voortgang: Pagina 3 gelezen, 250 van 1.000 records' },
        POLLING,
      )
      expect(progress).toHaveAttribute('value', '250')
      expect(progress).toHaveAttribute('max', '1000')
      // While it runs, it cannot be started again.
      await waitFor(() =>
        expect(
          within(row).getByRole('button', { name: 'Nu ophalen van Statistiek CKAN' }),
        ).toHaveAttribute('aria-disabled', 'true'),
      )

      const counts = await within(report).findByRole(
        'heading',
        { name: TEXTS.countsHeading },
        POLLING,
      )
      expect(within(report).queryByRole('progressbar')).not.toBeInTheDocument()
      expect(counts.nextElementSibling).toHaveTextContent(
        'Nieuw12Bijgewerkt3Ingetrokken2Ongewijzigd980Geweigerd3',
      )
      const refusals = within(report).getByRole('table', { name: TEXTS.refusalsHeading })
      expect(
        within(refusals)
          .getAllByRole('row')
          .map((tr) => tr.textContent),
      ).toEqual([
        'IdentificatieTitelReden',
        `pkg-17${TEXTS.noTitle}De titel ontbreekt.`,
        'pkg-18ParkerenOnbekende licentie: eigen-licentie.',
      ])
      expect(within(report).getByText(TEXTS.refusalsCapped(2, 3))).toBeVisible()
      const themes = within(report).getByRole('table', { name: TEXTS.unmappedHeading })
      expect(themes).toHaveTextContent('Verkeer en vervoer7')
      expect(within(report).getByRole('link', { name: TEXTS.themesLink })).toHaveAttribute(
        'href',
        '/thema',
      )
      // Done: the source list is fetched again, and the source can be run again.
      await waitFor(() =>
        expect(
          within(row).getByRole('button', { name: 'Nu ophalen van Statistiek CKAN' }),
        ).not.toHaveAttribute('aria-disabled', 'true'),
      )
      // The older run can still be read.
      expect(within(report).getByRole('combobox', { name: /^Run/ })).toHaveDisplayValue(/Geslaagd$/)
    },
    SLOW,
  )

  it('shows why a failed (dry) run failed, and that nothing changed', async () => {
    const failed = aRun({
      status: 'failed',
      dryRun: true,
      error: 'Pagina 3 van de bron gaf een fout (HTTP 500).',
      counts: { created: 0, updated: 0, withdrawn: 0, unchanged: 0, refused: 0 },
    })
    stubHarvestApi({ sources: [aSource({ lastRun: failed })], runs: { [SOURCE_ID]: [failed] } })
    renderScreen()
    const row = within(await sourcesTable()).getByRole('row', { name: /Statistiek CKAN/ })
    expect(cellOf(row, TEXTS.columns.lastRun)).toHaveTextContent('Mislukt')
    const user = userEvent.setup()
    await user.click(within(row).getByRole('button', { name: 'Verslag van Statistiek CKAN' }))

    const report = await screen.findByRole('region', {
      name: TEXTS.reportHeading('Statistiek CKAN'),
    })
    const alert = await within(report).findByRole('alert')
    expect(alert).toHaveTextContent(TEXTS.failedTitle)
    expect(alert).toHaveTextContent('Pagina 3 van de bron gaf een fout (HTTP 500).')
    expect(within(report).queryByRole('heading', { name: TEXTS.countsHeading })).toBeNull()
    expect(within(report).getByText(TEXTS.dryRun)).toBeVisible()
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: TEXTS.reportHeading('Statistiek CKAN') }),
      ).toHaveFocus(),
    )
  })
})
