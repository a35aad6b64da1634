import {
  apiPaths,
  type EuDataTheme,
  type ManagedVocabularyItem,
  type ThesaurusEntry,
} from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { EU_THEME_TEXTS, LABEL_TEXTS as TEXTS, THEME_TEXTS } from './texts.ts'
import { adminApi, anItem, signedInAdmin } from './test-data.ts'
import { LabelsScreen, ThemesScreen } from './VocabularyScreens.tsx'

afterEach(() => vi.unstubAllGlobals())

interface Sent {
  method: string
  path: string
  body: unknown
}

/** The server's labels; PUT answers `create` (201 with an id unless told otherwise). */
function stubLabels(
  labels: ManagedVocabularyItem[],
  create: (name: string) => Response = () => json('0f6c1b8e-5d2a-4c1e-9b7a-0000000000aa', 201),
) {
  let current = [...labels]
  const sent: Sent[] = []
  stubApi(async (url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    if (method !== 'GET') sent.push({ method, path: url.pathname, body })
    if (url.pathname === adminApi(apiPaths.managedLabels)) {
      return json({ Results: current, Total: current.length })
    }
    if (url.pathname === adminApi(apiPaths.labels) && method === 'PUT') {
      const name = (body as { name: string }).name
      const answer = create(name)
      if (answer.ok) current = [...current, anItem(name)]
      return answer
    }
    if (method === 'DELETE') {
      const name = decodeURIComponent(url.pathname.split('/').at(-1) ?? '')
      current = current.filter((item) => item.name !== name)
      return new Response(null, { status: 204 })
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return sent
}

const renderLabels = (url = '/tag') =>
  renderRoutes([{ path: '/tag', element: <LabelsScreen /> }], url, signedInAdmin())

const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent)

describe('the shared vocabulary list (labels)', () => {
  it('lists the names with their document counts', async () => {
    stubLabels([anItem('Intern', 3), anItem('Kernregistratie', 1)])
    renderLabels()
    const table = await screen.findByRole('table', { name: TEXTS.listHeading })
    const row = within(table).getByRole('row', { name: /Intern/ })
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('3')
    expect(rowNames()).toEqual(['Intern', 'Kernregistratie'])
    expect(screen.getByText(TEXTS.count(2, 2))).toBeVisible()
  })

  it('shows a validation error next to the field and sends nothing', async () => {
    const sent = stubLabels([anItem('Intern')])
    renderLabels()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: TEXTS.newItem })

    await user.click(screen.getByRole('button', { name: TEXTS.add }))
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Vul een naam in.'))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveFocus()

    await user.type(field, 'x'.repeat(61))
    await user.click(screen.getByRole('button', { name: TEXTS.add }))
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Een naam is hoogstens 60 tekens lang.'),
    )

    await user.clear(field)
    await user.type(field, '  INTERN ')
    await user.click(screen.getByRole('button', { name: TEXTS.add }))
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TEXTS.duplicate('Intern')))
    expect(sent).toEqual([])
  })

  it('creates a label, announces it and shows it in the list', async () => {
    const sent = stubLabels([anItem('Intern')])
    renderLabels()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: TEXTS.newItem })
    await user.type(field, '  Open data ')
    await user.click(screen.getByRole('button', { name: TEXTS.add }))

    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.added('Open data'))
    expect(sent).toEqual([
      { method: 'PUT', path: adminApi(apiPaths.labels), body: { name: 'Open data' } },
    ])
    await waitFor(() => expect(rowNames()).toEqual(['Intern', 'Open data']))
    expect(field).toHaveValue('')
  })

  it('shows the server’s refusal (409) next to the field', async () => {
    const message = 'Er bestaat al een label met deze naam: Extern.'
    stubLabels([anItem('Intern')], () =>
      json(
        {
          title: 'Conflict',
          status: 409,
          detail: message,
          errors: [{ path: 'body.name', message }],
        },
        409,
      ),
    )
    renderLabels()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: TEXTS.newItem })
    await user.type(field, 'extern')
    await user.click(screen.getByRole('button', { name: TEXTS.add }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)))
    expect(field).toHaveValue('extern')
  })

  it('says in an alert when adding fails for another reason, keeping the name', async () => {
    stubLabels([anItem('Intern')], () => json({ title: 'Niet gevonden', status: 404 }, 404))
    renderLabels()
    await screen.findByRole('table')
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: TEXTS.newItem })
    await user.type(field, 'Extern')
    await user.click(screen.getByRole('button', { name: TEXTS.add }))
    expect(await screen.findByText(TEXTS.addFailed)).toBeVisible()
    expect(screen.getByText(TEXTS.addFailed).closest('[role="alert"]')).not.toBeNull()
    expect(field).toHaveValue('Extern')
    expect(field).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('asks before deleting, saying how many documents carry the label, then deletes', async () => {
    const sent = stubLabels([anItem('Intern', 12), anItem('Kernregistratie', 1)])
    renderLabels()
    await screen.findByRole('table')
    const user = userEvent.setup()

    await user.click(screen.getByRole('button', { name: 'Verwijderen Intern' }))
    const dialog = screen.getByRole('dialog', { name: TEXTS.deleteDialog.heading('Intern') })
    expect(dialog).toHaveAccessibleDescription(TEXTS.deleteDialog.body(12))
    expect(dialog).toHaveTextContent('Dit label staat op 12 documenten.')
    expect(within(dialog).getByRole('button', { name: TEXTS.deleteDialog.cancel })).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: TEXTS.deleteDialog.cancel }))
    expect(sent).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Verwijderen Kernregistratie' }))
    expect(
      screen.getByRole('dialog', { name: TEXTS.deleteDialog.heading('Kernregistratie') }),
    ).toHaveTextContent('Dit label staat op 1 document.')
    await user.click(screen.getByRole('button', { name: TEXTS.deleteDialog.confirm }))

    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.deleted('Kernregistratie'))
    expect(sent).toEqual([
      { method: 'DELETE', path: adminApi(apiPaths.label('Kernregistratie')), body: undefined },
    ])
    expect(rowNames()).toEqual(['Intern'])
    expect(screen.getByRole('heading', { level: 2, name: TEXTS.listHeading })).toHaveFocus()
  })

  it('filters a long list by the text in the URL and pages through it', async () => {
    const labels = Array.from({ length: 30 }, (_, index) =>
      anItem(`Label ${String(index + 1).padStart(2, '0')}`),
    )
    stubLabels([...labels, anItem('Zeldzaam')])
    const { router } = renderLabels()
    await screen.findByRole('table')
    expect(rowNames()).toHaveLength(25)
    expect(screen.getByRole('navigation', { name: TEXTS.pagination })).toBeVisible()

    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: TEXTS.filter }), 'zeld')
    await waitFor(() => expect(rowNames()).toEqual(['Zeldzaam']))
    expect(router.state.location.search).toBe('?filter=zeld')
    expect(screen.getByText(TEXTS.count(1, 31))).toBeVisible()

    await user.type(screen.getByRole('searchbox', { name: TEXTS.filter }), 'xyz')
    expect(await screen.findByText(TEXTS.noMatch('zeldxyz'))).toBeVisible()
  })

  it('says when the list cannot be loaded', async () => {
    stubApi(() => json({ title: 'Er ging iets mis', status: 500 }, 500))
    renderLabels()
    const message = await screen.findByText(TEXTS.loadFailed, {}, { timeout: 5000 })
    expect(message.closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByRole('button', { name: TEXTS.retry })).toBeVisible()
  })
})

describe('the EU data theme of each theme (/thema)', () => {
  /**
   * The server's themes; PUT /tags/{name}/eu-theme answers `answer` once it is released
   * (at once unless told otherwise) and then stores the mapping.
   */
  function stubThemes(
    themes: ManagedVocabularyItem[],
    answer: (item: ManagedVocabularyItem) => Response = (item) => json(item),
  ) {
    let current = [...themes]
    const sent: Sent[] = []
    let release = () => {}
    let held = false
    stubApi(async (url, init) => {
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      if (url.pathname === adminApi(apiPaths.managedTags)) {
        return json({ Results: current, Total: current.length })
      }
      if (url.pathname === adminApi(apiPaths.thesaurus)) {
        return json(
          current.map((t): ThesaurusEntry => ({ term: t.name, synonyms: [], related: [] })),
        )
      }
      if (method === 'PUT' && url.pathname.endsWith('/eu-theme')) {
        sent.push({ method, path: url.pathname, body })
        if (held) await new Promise<void>((resolve) => (release = resolve))
        const name = decodeURIComponent(url.pathname.split('/').at(-2) ?? '')
        const { euTheme } = body as { euTheme: EuDataTheme | null }
        const saved = { ...current.find((t) => t.name === name)!, euTheme }
        const response = answer(saved)
        if (response.ok) current = current.map((t) => (t.id === saved.id ? saved : t))
        return response
      }
      return json({ title: 'Niet gevonden', status: 404 }, 404)
    })
    return {
      sent,
      hold: () => (held = true),
      release: () => release(),
    }
  }

  const renderThemes = () =>
    renderRoutes([{ path: '/thema', element: <ThemesScreen /> }], '/thema', signedInAdmin())

  const euSelect = (name: string) =>
    screen.findByRole('combobox', { name: EU_THEME_TEXTS.label(name) })

  const themes = () => [
    { ...anItem('Fiets', 2), euTheme: 'TRAN' as const },
    { ...anItem('Wonen', 1), euTheme: null },
  ]

  it('shows each theme’s current mapping in its own column, with every EU data theme to pick', async () => {
    stubThemes(themes())
    renderThemes()
    const table = await screen.findByRole('table', { name: THEME_TEXTS.listHeading })
    expect(within(table).getByRole('columnheader', { name: EU_THEME_TEXTS.column })).toBeVisible()
    const fiets = await euSelect('Fiets')
    expect(within(screen.getByRole('row', { name: /Fiets/ })).getByRole('combobox')).toBe(fiets)
    expect(fiets).toHaveDisplayValue('Vervoer')
    expect(await euSelect('Wonen')).toHaveDisplayValue(EU_THEME_TEXTS.none)
    const options = within(fiets).getAllByRole('option')
    expect(options).toHaveLength(15)
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining([EU_THEME_TEXTS.none, 'Overheid en publieke sector', 'Milieu']),
    )
  })

  it('saves a change at once, disabled while saving, and says so', async () => {
    const server = stubThemes(themes())
    renderThemes()
    const select = await euSelect('Wonen')
    const user = userEvent.setup()
    server.hold()
    await user.selectOptions(select, 'Regio’s en steden')

    await waitFor(() => expect(select).toBeDisabled())
    expect(select).toHaveDisplayValue('Regio’s en steden')
    server.release()
    await waitFor(() => expect(select).toBeEnabled())
    expect(await screen.findByText(EU_THEME_TEXTS.saved('Wonen'))).toBeVisible()
    expect(
      screen.getByText(EU_THEME_TEXTS.saved('Wonen')).closest('[role="status"]'),
    ).not.toBeNull()
    expect(server.sent).toEqual([
      { method: 'PUT', path: adminApi(apiPaths.tagEuTheme('Wonen')), body: { euTheme: 'REGI' } },
    ])
    expect(select).toHaveDisplayValue('Regio’s en steden')
  })

  it('unsets the mapping with “Niet gekoppeld”', async () => {
    const server = stubThemes(themes())
    renderThemes()
    const select = await euSelect('Fiets')
    await userEvent.setup().selectOptions(select, EU_THEME_TEXTS.none)
    expect(await screen.findByText(EU_THEME_TEXTS.saved('Fiets'))).toBeVisible()
    expect(server.sent).toEqual([
      { method: 'PUT', path: adminApi(apiPaths.tagEuTheme('Fiets')), body: { euTheme: null } },
    ])
    expect(select).toHaveDisplayValue(EU_THEME_TEXTS.none)
  })

  it('shows the server’s refusal in an alert and puts the old mapping back', async () => {
    const detail = 'Dit thema bestaat niet.'
    stubThemes(themes(), () => json({ title: 'Niet gevonden', status: 404, detail }, 404))
    renderThemes()
    const select = await euSelect('Fiets')
    await userEvent.setup().selectOptions(select, 'Milieu')
    const message = await screen.findByText(EU_THEME_TEXTS.failed('Fiets', detail))
    expect(message.closest('[role="alert"]')).not.toBeNull()
    await waitFor(() => expect(select).toHaveDisplayValue('Vervoer'))
    expect(select).toBeEnabled()
  })

  it('is not on the labels screen', async () => {
    stubLabels([anItem('Intern', 3)])
    renderLabels()
    const table = await screen.findByRole('table', { name: TEXTS.listHeading })
    expect(within(table).queryByRole('columnheader', { name: EU_THEME_TEXTS.column })).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()
  })
})
