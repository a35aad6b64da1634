import { API_PREFIX, DEFAULT_LICENSE, apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { TEST_CONFIG, json, renderAt, renderRoutes, stubApi } from '../../test/render.tsx'
import { SEARCH_PATH, searchHref, DOCUMENT_PATH, documentHref } from '../../shared/routes.ts'
import { NO_ABILITIES } from '../../test/documents.ts'
import { DocumentPage } from './DocumentPage.tsx'

const ID = 'e6a324a3-c7bf-490b-9dc6-7c88bbb4428f'
const CSV_ID = '1b604613-5445-49ea-bbd0-ee1827a7b390'
const DOCX_ID = '2b6ce1f6-6513-4914-abff-2bbeed7b7e9e'
const GEOJSON_ID = '3c7df7a7-7624-4a5b-9c0d-1f2e3d4c5b6a'
const pub = (path: string) => `${API_PREFIX.public}${path}`

const file = (id: string, fileName: string, mediaType: string, size: number) => ({
  id,
  fileName,
  mediaType,
  size,
  sha256: 'a'.repeat(64),
  url: apiPaths.documentFile(ID, id),
})

const DOCUMENT: DocumentDetail = {
  contentUID: ID,
  title: 'Bevolking per wijk 2024',
  description: 'Aantal inwoners per wijk.\nPer leeftijdsgroep.\n\nBron: basisregistratie personen.',
  contentTypeName: 'Dataset',
  sourceFriendlyName: 'Onderzoek en Statistiek',
  themes: ['Bevolking', 'Wonen'],
  labels: null,
  status: 'goedgekeurd',
  averageRating: 4,
  ratingCount: 3,
  owner: null,
  license: DEFAULT_LICENSE,
  wooCategory: null,
  sourceUrl: 'https://www.cbs.nl/bevolking',
  date: '2024-05-12',
  created: '2024-05-20T10:00:00.000Z',
  modified: '2024-06-01T10:00:00.000Z',
  published: '2024-05-21T10:00:00.000Z',
  abilities: NO_ABILITIES,
  files: [
    file(CSV_ID, 'bevolking-per-wijk.csv', 'text/csv', 715),
    file(
      DOCX_ID,
      'toelichting.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      23_400,
    ),
  ],
  links: [],
  harvest: null,
}

const CSV = [
  'wijkcode;wijk;opmerking',
  ...Array.from({ length: 25 }, (_, i) => `WK${i + 1};"Wijk ${i + 1}";"met ""quotes""; en ;"`),
].join('\r\n')

function stubDocumentApi(detail: Response | (() => Response) = json(DOCUMENT)) {
  const opens: string[] = []
  const stub = stubApi((url, init) => {
    if (url.pathname === pub(apiPaths.document(ID))) {
      return typeof detail === 'function' ? detail() : detail.clone()
    }
    if (url.pathname === pub(apiPaths.documentOpen(ID)) && init?.method === 'POST') {
      opens.push(url.pathname)
      return new Response(null, { status: 204 })
    }
    if (url.pathname === pub(apiPaths.documentFile(ID, CSV_ID))) {
      return new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return { ...stub, opens }
}

const renderDocument = (id = ID) => renderAt(<DocumentPage />, documentHref(id), DOCUMENT_PATH)

describe('DocumentPage', () => {
  it('shows the metadata, the themes and the files of the document', async () => {
    stubDocumentApi()
    renderDocument()

    expect(
      await screen.findByRole('heading', { level: 1, name: DOCUMENT.title }),
    ).toBeInTheDocument()
    expect(document.title).toBe(`${DOCUMENT.title} | ${TEST_CONFIG.portalName}`)
    // Paragraphs are kept: two of them, the first with its line break.
    expect(screen.getByText(/Aantal inwoners per wijk/)).toHaveTextContent(
      'Aantal inwoners per wijk. Per leeftijdsgroep.',
      { normalizeWhitespace: true },
    )
    expect(screen.getByText('Bron: basisregistratie personen.')).toBeInTheDocument()

    const facts = within(screen.getByRole('region', { name: 'Over dit document' }))
    const fact = (term: string) => facts.getByText(term).nextElementSibling
    expect(fact('Soort')).toHaveTextContent('Dataset')
    expect(fact('Bron')).toHaveTextContent('Onderzoek en Statistiek')
    expect(fact('Datum')).toHaveTextContent('12 mei 2024')
    expect(fact('Gepubliceerd')).toHaveTextContent('21 mei 2024')
    expect(fact('Laatst gewijzigd')).toHaveTextContent('1 juni 2024')
    expect(facts.getByRole('link', { name: /CC0 1\.0/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/publicdomain/zero/1.0/deed.nl',
    )
    // Not a Woo document: no row for a category.
    expect(facts.queryByText('Woo-informatiecategorie')).toBeNull()
    expect(facts.getByRole('link', { name: 'Bekijk bij de bron' })).toHaveAttribute(
      'href',
      DOCUMENT.sourceUrl,
    )
    expect(facts.getByRole('link', { name: 'Wonen' })).toHaveAttribute(
      'href',
      searchHref({ tags: ['Wonen'] }),
    )
    expect(facts.getByRole('img', { name: /Gemiddeld 4 van 5 sterren \(3 beoordelingen\)/ }))

    const files = within(screen.getByRole('region', { name: 'Bestanden' }))
    const items = files.getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('bevolking-per-wijk.csv')
    expect(items[0]).toHaveTextContent('CSV, 715 bytes')
    expect(items[1]).toHaveTextContent('Word (DOCX), 23,4 kB')
    const download = files.getByRole('link', { name: 'Downloaden bevolking-per-wijk.csv' })
    expect(download).toHaveAttribute('href', pub(apiPaths.documentFile(ID, CSV_ID)))
    expect(download).toHaveAttribute('download', 'bevolking-per-wijk.csv')

    // A Word file has no preview; the CSV file has one.
    expect(screen.getByRole('heading', { name: 'Voorbeeld van bevolking-per-wijk.csv' }))
    expect(screen.queryByRole('heading', { name: /Voorbeeld van toelichting/ })).toBeNull()
  })

  it('shows the Woo category of a Woo document by its name', async () => {
    stubDocumentApi(json({ ...DOCUMENT, wooCategory: '010' }))
    renderDocument()

    const facts = within(await screen.findByRole('region', { name: 'Over dit document' }))
    expect(facts.getByText('Woo-informatiecategorie').nextElementSibling).toHaveTextContent(
      /^Adviezen$/,
    )
  })

  it.each([
    [
      'the URI of the EU list',
      'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0',
    ],
    ['the SPDX id stored before the URIs', 'CC-BY-4.0'],
  ])('names a known licence stored as %s, linking to its deed', async (_, license) => {
    stubDocumentApi(json({ ...DOCUMENT, license }))
    renderDocument()

    const facts = within(await screen.findByRole('region', { name: 'Over dit document' }))
    expect(
      facts.getByRole('link', { name: /^CC BY 4\.0 \(vrij te gebruiken met bronvermelding\)/ }),
    ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/deed.nl')
  })

  it('shows a licence of its own as written, without a link', async () => {
    stubDocumentApi(json({ ...DOCUMENT, license: 'Gemeentelijke licentie 2.0' }))
    renderDocument()

    const facts = within(await screen.findByRole('region', { name: 'Over dit document' }))
    const licence = facts.getByText('Licentie').nextElementSibling
    expect(licence).toHaveTextContent(/^Gemeentelijke licentie 2\.0$/)
    expect(within(licence as HTMLElement).queryByRole('link')).toBeNull()
  })

  it('shows the first 20 rows of a CSV file as a table in a scrollable region', async () => {
    stubDocumentApi()
    renderDocument()

    const region = await screen.findByRole('region', {
      name: 'Tabel met de eerste rijen van bevolking-per-wijk.csv',
    })
    expect(region).toHaveAttribute('tabindex', '0')
    const table = within(region).getByRole('table', {
      name: 'De eerste 20 rijen van het bestand',
    })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(21)
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['wijkcode', 'wijk', 'opmerking'])
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['WK1', 'Wijk 1', 'met "quotes"; en ;'])
  })

  it('logs one opening per page view, also under StrictMode with a cached document', async () => {
    const { opens } = stubDocumentApi()
    const { router } = renderRoutes(
      [
        {
          path: DOCUMENT_PATH,
          element: (
            <StrictMode>
              <DocumentPage />
            </StrictMode>
          ),
        },
        { path: SEARCH_PATH, element: <p>Zoeken</p> },
      ],
      documentHref(ID),
    )
    await screen.findByRole('heading', { level: 1, name: DOCUMENT.title })
    await waitFor(() => expect(opens).toHaveLength(1))
    await screen.findByRole('table')
    expect(opens).toEqual([pub(apiPaths.documentOpen(ID))])

    // Back to the page: the document comes from the cache at once, and StrictMode runs the
    // effects of the new mount twice. It is one more view, so one more opening.
    await act(() => router.navigate(SEARCH_PATH))
    await act(() => router.navigate(documentHref(ID)))
    await screen.findByRole('heading', { level: 1, name: DOCUMENT.title })
    await waitFor(() => expect(opens).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(opens).toHaveLength(2)
  })

  it('shows a Dutch "not found" page for a missing or hidden document, without logging it', async () => {
    const { opens } = stubDocumentApi(
      json({ type: 'about:blank', title: 'Niet gevonden', status: 404 }, 404),
    )
    renderDocument()

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Document niet gevonden' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/bestaat niet \(meer\) of is niet openbaar/)).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'Zoek in alle datasets en documenten' }),
    ).toHaveAttribute('href', searchHref())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.title).toBe(`Document niet gevonden | ${TEST_CONFIG.portalName}`)
    expect(opens).toEqual([])
  })

  it('treats an id that is no UUID as not found, without asking the server', async () => {
    const { calls } = stubDocumentApi()
    renderDocument('niet-een-id')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Document niet gevonden' }),
    ).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('shows an error with a retry for other failures', async () => {
    let fail = true
    stubDocumentApi(() => (fail ? json({ title: 'Fout', status: 503 }, 503) : json(DOCUMENT)))
    renderDocument()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Er ging iets mis bij het ophalen')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Het document kon niet worden geladen' }),
    ).toBeInTheDocument()
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: DOCUMENT.title }),
    ).toBeInTheDocument()
  })

  it('refuses to preview a GeoJSON file that is too large, without downloading it', async () => {
    const big = file(GEOJSON_ID, 'bomen.geojson', 'application/geo+json', 6_200_000)
    const { calls } = stubDocumentApi(json({ ...DOCUMENT, files: [big] }))
    renderDocument()

    expect(await screen.findByText(/te groot voor een voorbeeld \(6,2 MB\)/)).toBeInTheDocument()
    expect(screen.getByText('GeoJSON, 6,2 MB')).toBeInTheDocument()
    expect(calls.map((url) => url.pathname)).not.toContain(big.url)
  })

  it('tells the owner why a file is not searchable, and only for that file', async () => {
    const reason = 'Het bestand is te groot om te doorzoeken (meer dan 100 MB tekst).'
    const [csv, docx] = DOCUMENT.files
    stubDocumentApi(
      json({
        ...DOCUMENT,
        files: [
          { ...csv!, extractionStatus: 'done', extractionError: null },
          { ...docx!, extractionStatus: 'failed', extractionError: reason },
        ],
      }),
    )
    renderDocument()

    const section = await screen.findByRole('region', { name: 'Bestanden' })
    const items = within(section).getAllByRole('listitem')
    expect(items[1]).toHaveTextContent(`De inhoud van dit bestand is niet doorzoekbaar. ${reason}`)
    expect(items[0]).not.toHaveTextContent('niet doorzoekbaar')
  })
})
