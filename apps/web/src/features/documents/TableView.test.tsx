import {
  API_PREFIX,
  DEFAULT_LICENSE,
  apiPaths,
  type CellValue,
  type DocumentDetail,
  type TableField,
  type TableInfo,
} from '@dataportaal/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { DOCUMENT_PATH, documentHref } from '../../shared/routes.ts'
import { NO_ABILITIES, OWNER_ABILITIES, signedIn } from '../../test/documents.ts'
import { TABLE_POLL_MS } from '../../shared/tables/api.ts'
import { DocumentPage } from './DocumentPage.tsx'

const ID = 'e6a324a3-c7bf-490b-9dc6-7c88bbb4428f'
const FILE_ID = '1b604613-5445-49ea-bbd0-ee1827a7b390'
const TOTAL = 60

const stats = (examples: CellValue[] = []) => ({
  emptyCount: 0,
  distinctCount: 3,
  distinctCapped: false,
  examples,
})

const FIELDS: TableField[] = [
  { name: 'gemeente', type: 'string', stats: stats(['Utrecht', 'Zeist']) },
  { name: 'jaar', type: 'integer', stats: { ...stats([2024]), min: 2020, max: 2024 } },
  {
    name: 'bedrag_eur',
    type: 'number',
    title: 'Bedrag',
    unit: '€',
    description: 'Uitgaven per inwoner, afgerond op centen.',
    stats: { ...stats([1234.5]), emptyCount: 2, distinctCount: 1000, distinctCapped: true },
  },
  { name: 'actief', type: 'boolean', stats: stats([true]) },
]

const INFO: TableInfo = {
  fileId: FILE_ID,
  sheet: null,
  sheets: [],
  loadStatus: 'geladen',
  rowCount: TOTAL,
  schema: { fields: FIELDS, missingValues: ['', '.', '-'] },
  report: { valid: true, counts: [], errors: [] },
}

const DOCUMENT: DocumentDetail = {
  contentUID: ID,
  title: 'Uitgaven per gemeente',
  description: 'Uitgaven per inwoner.',
  contentTypeName: 'Dataset',
  sourceFriendlyName: 'Financiën',
  themes: null,
  labels: null,
  status: 'goedgekeurd',
  averageRating: null,
  ratingCount: 0,
  owner: null,
  license: DEFAULT_LICENSE,
  wooCategory: null,
  sourceUrl: null,
  date: '2025-01-01',
  created: '2025-01-02T10:00:00.000Z',
  modified: '2025-01-02T10:00:00.000Z',
  published: '2025-01-03T10:00:00.000Z',
  abilities: NO_ABILITIES,
  files: [
    {
      id: FILE_ID,
      fileName: 'uitgaven.csv',
      mediaType: 'text/csv',
      size: 2_000,
      sha256: 'a'.repeat(64),
      url: apiPaths.documentFile(ID, FILE_ID),
      tables: [{ sheet: null, loadStatus: 'geladen', rowCount: TOTAL }],
    },
  ],
  links: [],
  harvest: null,
}

const rowAt = (index: number) => ({
  gemeente: `Gemeente ${index + 1}`,
  jaar: 2020 + (index % 5),
  bedrag_eur: 1000 + index + 0.5,
  actief: index % 2 === 0,
})

interface Options {
  detail?: DocumentDetail
  info?: () => Response
  rows?: (url: URL) => Response
  prefix?: string
}

/** The API of one document with one table; every rows request is kept for the test to read. */
function stubTableApi(options: Options = {}) {
  const prefix = options.prefix ?? API_PREFIX.public
  const at = (path: string) => `${prefix}${path}`
  const detail = options.detail ?? DOCUMENT
  const rowsRequests: URLSearchParams[] = []
  const puts: unknown[] = []
  const stub = stubApi(async (url, init) => {
    if (url.pathname === at(apiPaths.document(ID))) return json(detail)
    if (url.pathname === at(apiPaths.documentOpen(ID))) return new Response(null, { status: 204 })
    if (url.pathname === at(apiPaths.fileTable(ID, FILE_ID))) {
      return options.info ? options.info() : json(INFO)
    }
    if (url.pathname === at(apiPaths.fileTableDictionary(ID, FILE_ID)) && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)))
      return json(INFO)
    }
    if (url.pathname === at(apiPaths.fileRows(ID, FILE_ID))) {
      rowsRequests.push(url.searchParams)
      if (options.rows) return options.rows(url)
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const limit = Number(url.searchParams.get('limit') ?? 100)
      const count = Math.max(0, Math.min(limit, TOTAL - offset))
      return json({
        fields: FIELDS.map((field) => field.name),
        rows: Array.from({ length: count }, (_, index) => rowAt(offset + index)),
        total: TOTAL,
        offset,
        limit,
      })
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  const lastRows = () => rowsRequests.at(-1) ?? new URLSearchParams()
  return { ...stub, rowsRequests, lastRows, puts }
}

const renderTable = (query = '', options?: Parameters<typeof renderAt>[3]) =>
  renderAt(<DocumentPage />, `${documentHref(ID)}${query}`, DOCUMENT_PATH, options)

const table = () => screen.findByRole('table', { name: /^uitgaven\.csv: 60 rijen/ })
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })

describe('the table of a file on the document page', () => {
  it('shows the rows through the Data API with the dictionary’s titles, units and types', async () => {
    const api = stubTableApi()
    renderTable()

    expect(await screen.findByRole('heading', { name: 'Tabel uitgaven.csv' })).toBeInTheDocument()
    const rows = within(await table()).getAllByRole('row')
    // The header, then a page of 25.
    expect(rows).toHaveLength(26)
    expect(rows[0]).toHaveTextContent('Bedrag (€)')
    expect(rows[1]).toHaveTextContent('Gemeente 1')
    // Dutch numbers: a decimal comma, ja/nee for booleans.
    expect(rows[1]).toHaveTextContent('1000,5')
    expect(rows[1]).toHaveTextContent('ja')
    expect(screen.getByText('Rij 1–25 van 60')).toBeInTheDocument()
    expect(api.lastRows().get('limit')).toBe('25')
    // The file itself is not read: the table replaces the CSV preview.
    expect(api.calls.some((url) => url.pathname.endsWith(`/files/${FILE_ID}`))).toBe(false)
    // The region scrolls the table with the keyboard.
    expect(screen.getByRole('region', { name: /Rijen van uitgaven\.csv/ })).toHaveAttribute(
      'tabindex',
      '0',
    )

    const dictionary = within(
      screen.getByRole('region', { name: 'Gegevenswoordenboek van uitgaven.csv' }),
    )
    const bedrag = dictionary.getByRole('rowheader', { name: 'bedrag_eur' }).closest('tr')
    expect(bedrag).toHaveTextContent('Uitgaven per inwoner, afgerond op centen.')
    expect(bedrag).toHaveTextContent('getal')
    expect(bedrag).toHaveTextContent('meer dan 1.000')
    const jaar = dictionary.getByRole('rowheader', { name: 'jaar' }).closest('tr')
    expect(jaar).toHaveTextContent('geheel getal')
    expect(jaar).toHaveTextContent('2020 – 2024')

    // A visitor gets no report and no edit form.
    expect(screen.queryByRole('region', { name: /^Kwaliteitsrapport/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Gegevenswoordenboek bewerken' })).toBeNull()
  })

  it('sorts by a header: ascending, descending, unsorted, with aria-sort and in the address', async () => {
    const api = stubTableApi()
    const { router } = renderTable()
    await table()
    const user = userEvent.setup()

    await user.click(screen.getByRole('button', { name: /^Bedrag \(€\)/ }))
    await waitFor(() => expect(header('Bedrag')).toHaveAttribute('aria-sort', 'ascending'))
    await waitFor(() => expect(api.lastRows().get('sort')).toBe('bedrag_eur'))
    expect(router.state.location.search).toContain('sorteer=bedrag_eur')

    await user.click(screen.getByRole('button', { name: /^Bedrag \(€\)/ }))
    await waitFor(() => expect(header('Bedrag')).toHaveAttribute('aria-sort', 'descending'))
    await waitFor(() => expect(api.lastRows().get('sort')).toBe('-bedrag_eur'))

    await user.click(screen.getByRole('button', { name: /^Bedrag \(€\)/ }))
    await waitFor(() => expect(header('Bedrag')).toHaveAttribute('aria-sort', 'none'))
    await waitFor(() => expect(api.lastRows().has('sort')).toBe(false))
  })

  it('filters on submit, announces the count, puts the filters in the address and the download', async () => {
    const api = stubTableApi({
      rows: (url) =>
        json({
          fields: FIELDS.map((field) => field.name),
          rows: url.searchParams.has('filter[jaar]') ? [rowAt(3)] : [rowAt(0), rowAt(1)],
          total: url.searchParams.has('filter[jaar]') ? 1 : 2,
          offset: 0,
          limit: 25,
        }),
    })
    const { router } = renderTable()
    await screen.findByText('2 rijen gevonden')
    const user = userEvent.setup()

    await user.click(screen.getByText('Filters per kolom'))
    await user.type(screen.getByLabelText('jaar van'), '2023')
    await user.type(screen.getByLabelText('Bedrag (€) van'), '1.000,5')
    await user.type(screen.getByLabelText('gemeente bevat'), 'Gem')
    await user.selectOptions(screen.getByLabelText('actief waarde'), 'nee')
    // Nothing is asked per keystroke.
    expect(api.rowsRequests).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Filter toepassen' }))

    await screen.findByText('1 rij gevonden')
    const request = api.lastRows()
    expect(request.getAll('filter[jaar]')).toEqual(['gte:2023'])
    expect(request.getAll('filter[bedrag_eur]')).toEqual(['gte:1000.5'])
    expect(request.getAll('filter[gemeente]')).toEqual(['contains:Gem'])
    expect(request.getAll('filter[actief]')).toEqual(['eq:false'])
    expect(request.get('offset')).toBe('0')
    const address = new URLSearchParams(router.state.location.search)
    expect(address.get('tabel')).toBe(FILE_ID)
    expect(address.get('f.jaar')).toBe('gte:2023')

    const download = screen.getByRole('link', { name: /Download selectie als CSV/ })
    const href = new URL(download.getAttribute('href') ?? '', 'http://localhost')
    expect(href.pathname).toBe(`${API_PREFIX.public}${apiPaths.fileRows(ID, FILE_ID)}`)
    expect(href.searchParams.get('format')).toBe('csv')
    expect(href.searchParams.getAll('filter[jaar]')).toEqual(['gte:2023'])
    expect(href.searchParams.getAll('filter[actief]')).toEqual(['eq:false'])
    // The whole selection, not the page.
    expect(href.searchParams.has('limit')).toBe(false)
    expect(href.searchParams.has('offset')).toBe(false)

    // Back: the unfiltered table, and the form shows no filter.
    await act(() => router.navigate(-1))
    await screen.findByText('2 rijen gevonden')
    expect(api.lastRows().has('filter[jaar]')).toBe(false)
    expect(screen.getByLabelText('jaar van')).toHaveValue('')

    // Forward: filtered again, with the form filled in.
    await act(() => router.navigate(1))
    await screen.findByText('1 rij gevonden')
    expect(screen.getByLabelText('jaar van')).toHaveValue('2023')

    await user.click(screen.getByRole('button', { name: 'Wis filters' }))
    await screen.findByText('2 rijen gevonden')
    expect(new URLSearchParams(router.state.location.search).has('f.jaar')).toBe(false)
  })

  it('searches the whole table with q', async () => {
    const api = stubTableApi()
    renderTable()
    await table()
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken in de hele tabel' }), 'Zeist')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(api.lastRows().get('q')).toBe('Zeist'))
    await screen.findByText('60 rijen gevonden')
    // The form is not rebuilt: a keyboard user stays where they were.
    expect(screen.getByRole('searchbox', { name: 'Zoeken in de hele tabel' })).toHaveFocus()
  })

  it('pages with the links below the table', async () => {
    const api = stubTableApi()
    const { router } = renderTable()
    await table()
    const user = userEvent.setup()

    await user.click(screen.getByRole('link', { name: /Volgende/ }))
    await screen.findByText('Rij 26–50 van 60')
    expect(api.lastRows().get('offset')).toBe('25')
    expect(router.state.location.search).toContain('pagina=2')
    expect(within(await table()).getAllByRole('row')[1]).toHaveTextContent('Gemeente 26')

    await user.click(screen.getByRole('link', { name: /Pagina 3/ }))
    await screen.findByText('Rij 51–60 van 60')
    expect(screen.queryByRole('link', { name: /Volgende/ })).toBeNull()
  })

  it('shows the view the address describes, as a shared link or a reload does', async () => {
    const api = stubTableApi()
    renderTable(
      `?tabel=${FILE_ID}&sorteer=-jaar&zoek=Gem&f.gemeente=contains%3AGem&f.jaar=gte%3A2021&pagina=2`,
    )
    await table()
    const request = api.rowsRequests[0]
    expect(request?.get('sort')).toBe('-jaar')
    expect(request?.get('q')).toBe('Gem')
    expect(request?.getAll('filter[gemeente]')).toEqual(['contains:Gem'])
    expect(request?.getAll('filter[jaar]')).toEqual(['gte:2021'])
    expect(request?.get('offset')).toBe('25')
    expect(header('jaar')).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByLabelText('gemeente bevat')).toHaveValue('Gem')
    expect(screen.getByRole('searchbox', { name: 'Zoeken in de hele tabel' })).toHaveValue('Gem')
  })

  it('offers the first page when the address asks for one past the end', async () => {
    stubTableApi()
    const { router } = renderTable(`?tabel=${FILE_ID}&pagina=40`)
    expect(
      await screen.findByText(/Deze pagina bestaat niet: de tabel heeft minder rijen\./),
    ).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('link', { name: 'Naar de eerste pagina' }))
    await screen.findByText('Rij 1–25 van 60')
    expect(router.state.location.search).not.toContain('pagina')
  })

  it('says so when no row matches the filters', async () => {
    stubTableApi({
      rows: () => json({ fields: [], rows: [], total: 0, offset: 0, limit: 25 }),
    })
    renderTable(`?tabel=${FILE_ID}&f.gemeente=contains%3Axyz`)
    expect(await screen.findByText('Geen rijen gevonden met deze filters.')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('0 rijen gevonden')
    expect(screen.queryByRole('link', { name: /Download selectie/ })).toBeNull()
  })

  it('shows the API’s problem when it refuses a filter', async () => {
    stubTableApi({
      rows: () =>
        json(
          {
            title: 'Ongeldige invoer',
            status: 422,
            detail: "filter[jaar]: 'abc' is geen geheel getal.",
          },
          422,
        ),
    })
    renderTable(`?tabel=${FILE_ID}&f.jaar=gte%3Aabc`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('De filters konden niet worden toegepast')
    expect(alert).toHaveTextContent("filter[jaar]: 'abc' is geen geheel getal.")
    // The form stays, so the filter can be corrected.
    expect(screen.getByRole('button', { name: 'Wis filters' })).toBeInTheDocument()
  })

  it(
    'waits while the table is loaded and shows it once it is',
    async () => {
      let asked = 0
      stubTableApi({
        info: () => {
          asked += 1
          return json(
            asked === 1 ? { ...INFO, loadStatus: 'wachtend', schema: null, report: null } : INFO,
          )
        },
      })
      renderTable()
      expect(await screen.findByText(/De tabel wordt geladen…/)).toBeInTheDocument()
      // Asked again after a few seconds, without a reload.
      expect(
        await screen.findByRole(
          'table',
          { name: /^uitgaven\.csv: 60 rijen/ },
          { timeout: TABLE_POLL_MS + 2_000 },
        ),
      ).toBeInTheDocument()
      await waitFor(() => expect(screen.queryByText(/De tabel wordt geladen…/)).toBeNull())
      expect(asked).toBe(2)
    },
    TABLE_POLL_MS + 10_000,
  )

  it('says why a table could not be loaded; the file stays downloadable', async () => {
    stubTableApi({
      info: () =>
        json({
          ...INFO,
          loadStatus: 'mislukt',
          reason: 'Het bestand heeft meer dan 500 kolommen.',
          schema: null,
          report: null,
        }),
    })
    renderTable()
    expect(
      await screen.findByText(
        /Deze tabel kon niet worden geladen: Het bestand heeft meer dan 500 kolommen\./,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Downloaden uitgaven.csv' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('offers a workbook’s sheets and asks for the one chosen', async () => {
    const workbook = {
      ...DOCUMENT,
      files: DOCUMENT.files.map((file) => ({
        ...file,
        fileName: 'uitgaven.xlsx',
        mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        tables: [
          { sheet: '2024', loadStatus: 'geladen' as const, rowCount: TOTAL },
          { sheet: '2025', loadStatus: 'geladen' as const, rowCount: TOTAL },
        ],
      })),
    }
    const api = stubTableApi({ detail: workbook })
    const { router } = renderTable()
    await screen.findByRole('table', { name: /uitgaven\.xlsx, blad 2024/ })
    expect(api.lastRows().get('sheet')).toBe('2024')

    await userEvent.setup().selectOptions(screen.getByLabelText('Blad'), '2025')
    await screen.findByRole('table', { name: /uitgaven\.xlsx, blad 2025/ })
    expect(api.lastRows().get('sheet')).toBe('2025')
    expect(new URLSearchParams(router.state.location.search).get('blad')).toBe('2025')
  })
  it('takes a workbook’s sheets from the loaded table when the document lists none yet', async () => {
    const workbook = {
      ...DOCUMENT,
      files: DOCUMENT.files.map((file) => ({
        ...file,
        fileName: 'uitgaven.ods',
        mediaType: 'application/vnd.oasis.opendocument.spreadsheet',
        tables: [{ sheet: null, loadStatus: 'wachtend' as const, rowCount: 0 }],
      })),
    }
    const api = stubTableApi({
      detail: workbook,
      info: () => json({ ...INFO, sheet: 'Noord', sheets: ['Noord', 'Zuid'] }),
    })
    renderTable()
    await screen.findByRole('table', { name: /uitgaven\.ods, blad Noord/ })
    expect(screen.getByLabelText('Blad')).toHaveValue('Noord')
    await userEvent.setup().selectOptions(screen.getByLabelText('Blad'), 'Zuid')
    await waitFor(() => expect(api.lastRows().get('sheet')).toBe('Zuid'))
  })
})

describe('the owner’s parts of the table', () => {
  const OWNED = { ...DOCUMENT, abilities: OWNER_ABILITIES }
  const REPORT: TableInfo = {
    ...INFO,
    report: {
      valid: false,
      counts: [
        { type: 'extra-cell', count: 1 },
        { type: 'type-error', fieldName: 'bedrag_eur', count: 3 },
      ],
      errors: [
        {
          type: 'extra-cell',
          rowNumber: 4,
          message: 'Rij 4 heeft 5 cellen; de kopregel heeft er 4.',
        },
        {
          type: 'type-error',
          rowNumber: 7,
          fieldName: 'bedrag_eur',
          message: "'veel' is geen getal.",
        },
      ],
    },
  }

  it('shows the quality report to the owner, with the row numbers', async () => {
    stubTableApi({ detail: OWNED, info: () => json(REPORT), prefix: API_PREFIX.authenticated })
    renderTable('', signedIn())
    const report = within(
      await screen.findByRole('region', { name: 'Kwaliteitsrapport van uitgaven.csv' }),
    )
    expect(report.getByText('1 rij met meer cellen dan kolommen')).toBeInTheDocument()
    expect(
      report.getByText('Kolom ‘bedrag_eur’: 3 waarden passen niet bij het type van de kolom'),
    ).toBeInTheDocument()
    const rows = report.getAllByRole('row')
    expect(rows[1]).toHaveTextContent('4Rij 4 heeft 5 cellen; de kopregel heeft er 4.')
    expect(rows[2]).toHaveTextContent("7bedrag_eur'veel' is geen getal.")
  })

  it('does not show the report to a visitor', async () => {
    stubTableApi({ info: () => json(REPORT) })
    renderTable()
    await table()
    expect(screen.queryByRole('region', { name: /^Kwaliteitsrapport/ })).toBeNull()
    expect(screen.queryByText(/meer cellen dan kolommen/)).toBeNull()
  })

  it('saves the dictionary with a PUT and says the document goes back for validation', async () => {
    const api = stubTableApi({
      detail: OWNED,
      prefix: API_PREFIX.authenticated,
      // A new type has the table loaded again.
      info: () => json(api.puts.length > 0 ? { ...INFO, loadStatus: 'wachtend' } : INFO),
    })
    renderTable('', signedIn())
    await table()
    const user = userEvent.setup()

    await user.click(screen.getByRole('button', { name: 'Gegevenswoordenboek bewerken' }))
    const title = screen.getByLabelText('gemeente Titel')
    await user.type(title, 'Gemeente')
    await user.type(screen.getByLabelText('gemeente Beschrijving'), 'De naam volgens het CBS.')
    await user.clear(screen.getByLabelText('bedrag_eur Eenheid'))
    await user.type(screen.getByLabelText('bedrag_eur Eenheid'), 'euro')
    await user.selectOptions(screen.getByLabelText('jaar Type'), 'tekst')
    await user.click(screen.getByRole('button', { name: 'Opslaan' }))

    const saved = await screen.findByText('Het gegevenswoordenboek is opgeslagen.')
    expect(saved.closest('[role="status"]')).toHaveTextContent(
      'Het document wacht nu op validatie door een beheerder',
    )
    expect(saved.closest('[role="status"]')).toHaveTextContent('opnieuw geladen')
    // The table is loaded again; the message stays while it is.
    expect(await screen.findByText(/De tabel wordt geladen…/)).toBeInTheDocument()
    expect(screen.getByText('Het gegevenswoordenboek is opgeslagen.')).toBeInTheDocument()
    expect(api.puts).toEqual([
      {
        sheet: null,
        fields: [
          {
            name: 'gemeente',
            title: 'Gemeente',
            description: 'De naam volgens het CBS.',
            unit: '',
          },
          { name: 'jaar', title: '', description: '', unit: '', type: 'string' },
          {
            name: 'bedrag_eur',
            title: 'Bedrag',
            description: 'Uitgaven per inwoner, afgerond op centen.',
            unit: 'euro',
          },
          { name: 'actief', title: '', description: '', unit: '' },
        ],
      },
    ])
  })

  it('shows the server’s field errors at their inputs', async () => {
    const api = stubTableApi({ detail: OWNED, prefix: API_PREFIX.authenticated })
    renderTable('', signedIn())
    await table()
    const user = userEvent.setup()
    // The next PUT is refused.
    const original = api.fetchMock.getMockImplementation()
    api.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        return json(
          {
            title: 'Ongeldige invoer',
            status: 422,
            errors: [{ path: 'body.fields.1.unit', message: 'Deze eenheid is niet toegestaan.' }],
          },
          422,
        )
      }
      return original ? original(input, init) : json({}, 404)
    })
    await user.click(screen.getByRole('button', { name: 'Gegevenswoordenboek bewerken' }))
    await user.click(screen.getByRole('button', { name: 'Opslaan' }))

    const unit = screen.getByLabelText('jaar Eenheid')
    await waitFor(() =>
      expect(unit).toHaveAccessibleDescription('Deze eenheid is niet toegestaan.'),
    )
    expect(
      screen.getByRole('link', { name: 'jaar: Deze eenheid is niet toegestaan.' }),
    ).toBeInTheDocument()
  })
})
