import { API_PREFIX, apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DOCUMENT_PATH, documentHref } from '../../shared/routes.ts'
import { DOCUMENT_ID, aDocument } from '../../test/documents.ts'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { DocumentPage } from './DocumentPage.tsx'
import { texts } from './texts.ts'

afterEach(() => vi.unstubAllGlobals())

const HARVESTED = aDocument({
  sourceFriendlyName: 'Regionale catalogus',
  harvest: { source: 'Regio DCAT', harvestedAt: '2026-11-20T09:01:00.000Z' },
  links: [
    {
      id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e01',
      title: 'Parkeerplaatsen (CSV)',
      url: 'https://regio.example.org/files/parkeren.csv',
      format: 'CSV',
      mediaType: 'text/csv',
      size: 23_400,
    },
    {
      id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e02',
      title: 'Kaartlaag',
      url: 'https://regio.example.org/wms',
      format: null,
      mediaType: null,
      size: null,
    },
    {
      id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e03',
      title: 'Script',
      url: 'javascript:alert(1)',
      format: null,
      mediaType: null,
      size: null,
    },
  ],
})

function renderDocument(detail: DocumentDetail) {
  stubApi((url) =>
    url.pathname === `${API_PREFIX.public}${apiPaths.document(DOCUMENT_ID)}`
      ? json(detail)
      : new Response(null, { status: 204 }),
  )
  renderAt(<DocumentPage />, documentHref(DOCUMENT_ID), DOCUMENT_PATH)
}

const facts = async () => within(await screen.findByRole('region', { name: texts.aboutHeading }))

describe('the page of a harvested document', () => {
  it('says where and when it was harvested, and links to its files at the source', async () => {
    renderDocument(HARVESTED)
    const about = await facts()
    expect(about.getByText(texts.source).nextElementSibling).toHaveTextContent(
      'Regionale catalogus',
    )
    expect(about.getByText(texts.harvested).nextElementSibling).toHaveTextContent(
      '20 november 2026 uit Regio DCAT',
    )

    const links = within(screen.getByRole('region', { name: texts.linksHeading }))
    expect(links.getByRole('link', { name: 'Parkeerplaatsen (CSV)' })).toHaveAttribute(
      'href',
      'https://regio.example.org/files/parkeren.csv',
    )
    const items = links.getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('CSV, 23,4 kB')
    expect(links.getByRole('link', { name: 'Kaartlaag' })).toHaveAttribute(
      'href',
      'https://regio.example.org/wms',
    )
    // Only web addresses become links.
    expect(items[2]).toHaveTextContent('Script')
    expect(links.queryByRole('link', { name: 'Script' })).toBeNull()
    // No files of its own: no empty 'Bestanden' section beside the links.
    expect(screen.queryByRole('region', { name: texts.filesHeading })).toBeNull()
  })

  it('shows nothing of harvesting for an uploaded document', async () => {
    renderDocument(aDocument())
    const about = await facts()
    expect(about.queryByText(texts.harvested)).toBeNull()
    expect(screen.queryByRole('region', { name: texts.linksHeading })).toBeNull()
    expect(screen.getByRole('region', { name: texts.filesHeading })).toHaveTextContent(
      texts.noFiles,
    )
  })
})

describe('a broken link on a harvested document', () => {
  const check = (url: string, state: 'ok' | 'kapot') => ({
    url,
    state,
    lastStatus: state === 'ok' ? 200 : 404,
    lastError: state === 'ok' ? null : 'HTTP 404',
    lastCheckedAt: '2026-11-27T03:00:00.000Z',
    brokenSince: state === 'ok' ? null : '2026-11-25T03:00:00.000Z',
  })

  it("is marked 'kapot' for the owner and admins, with the error and since when", async () => {
    renderDocument({
      ...HARVESTED,
      sourceUrl: 'https://regio.example.org/parkeren',
      linkChecks: [
        check('https://regio.example.org/files/parkeren.csv', 'kapot'),
        check('https://regio.example.org/wms', 'ok'),
        check('https://regio.example.org/parkeren', 'kapot'),
      ],
    })
    const links = within(await screen.findByRole('region', { name: texts.linksHeading }))
    const items = links.getAllByRole('listitem')
    expect(items[0]).toHaveTextContent(
      'Kapot: deze link werkte bij de laatste drie controles niet (HTTP 404), sinds 25 november 2026.',
    )
    expect(items[1]).not.toHaveTextContent('Kapot')
    const about = await facts()
    expect(about.getByText(texts.sourceUrl).nextElementSibling).toHaveTextContent('Kapot:')
  })

  it('says nothing without the checks (a visitor never gets them)', async () => {
    renderDocument({ ...HARVESTED, sourceUrl: 'https://regio.example.org/parkeren' })
    await screen.findByRole('region', { name: texts.linksHeading })
    expect(screen.queryByText(/Kapot/)).toBeNull()
  })
})
