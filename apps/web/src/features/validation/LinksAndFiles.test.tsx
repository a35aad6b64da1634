import { API_PREFIX, apiPaths, type LinkReport } from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, storeSignedIn, testSession } from '../../test/auth.ts'
import { OTHER_ID, OWN_ID } from '../../test/documents.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { documentHref } from '../../shared/routes.ts'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { LINKS_TEXTS } from './links-texts.ts'
import { ValidationPage } from './ValidationPage.tsx'

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

const REPORT: LinkReport = {
  links: [
    {
      document: { contentUID: OWN_ID, title: 'Parkeerplaatsen' },
      place: 'bestand',
      url: 'https://regio.example.org/files/parkeren.csv',
      state: 'kapot',
      lastStatus: 404,
      lastError: 'HTTP 404',
      lastCheckedAt: '2026-11-27T03:00:00.000Z',
      brokenSince: '2026-11-25T03:00:00.000Z',
    },
  ],
  linksTotal: 1,
  files: [
    {
      document: { contentUID: OTHER_ID, title: 'Begroting' },
      fileId: '0c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e05',
      fileName: 'begroting.xlsx',
      sha256: 'b'.repeat(64),
      problem: 'gewijzigd',
      since: '2026-11-26T03:00:00.000Z',
      lastCheckedAt: '2026-11-27T03:00:00.000Z',
    },
  ],
  filesTotal: 1,
  lastLinkCheckAt: '2026-11-27T03:00:00.000Z',
  lastScrubAt: '2026-11-27T03:10:00.000Z',
}

function renderValidation(report: LinkReport | 'fails') {
  stubApi((url) => {
    if (url.pathname === api(apiPaths.validationList)) return json({ Results: [], Total: 0 })
    if (url.pathname === api(apiPaths.linkReport)) {
      return report === 'fails' ? json({ title: 'Storing', status: 503 }, 503) : json(report)
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  const view = renderRoutes([{ path: '/validatie', element: <ValidationPage /> }], '/validatie', {
    auth: testSession(ADMIN).session,
  })
  view.queryClient.setQueryData([...openCountQueryKey, 'all'], { Results: [], Total: 0 })
}

const section = async () => within(await screen.findByRole('region', { name: LINKS_TEXTS.heading }))

beforeEach(storeSignedIn)

describe("'Links en bestanden' in /validatie", () => {
  it('lists the broken links and damaged files with their documents, error and date', async () => {
    renderValidation(REPORT)
    const links = within(await screen.findByRole('table', { name: /Kapotte links/ }))
    const [, row] = links.getAllByRole('row')
    expect(row).toHaveTextContent(
      'ParkeerplaatsenBestand: https://regio.example.org/files/parkeren.csvHTTP 40425 november 2026',
    )
    expect(links.getByRole('link', { name: 'Parkeerplaatsen' })).toHaveAttribute(
      'href',
      documentHref(OWN_ID),
    )
    const files = within(screen.getByRole('table', { name: 'Beschadigde bestanden' }))
    expect(files.getAllByRole('row')[1]).toHaveTextContent(
      'Begrotingbegroting.xlsxInhoud past niet meer bij de SHA-25626 november 2026',
    )
    expect(files.getByRole('link', { name: 'Begroting' })).toHaveAttribute(
      'href',
      documentHref(OTHER_ID),
    )
    // The tables scroll in regions a keyboard can reach.
    const region = screen.getByRole('region', { name: 'Kapotte links' })
    await userEvent.tab()
    while (document.activeElement !== region && document.activeElement !== document.body) {
      await userEvent.tab()
    }
    expect(region).toHaveFocus()
  })

  it('says so when nothing is broken or damaged', async () => {
    renderValidation({
      ...REPORT,
      links: [],
      linksTotal: 0,
      files: [],
      filesTotal: 0,
      lastLinkCheckAt: null,
      lastScrubAt: null,
    })
    const found = await section()
    expect(await found.findByText(LINKS_TEXTS.links.empty)).toBeInTheDocument()
    expect(found.getByText(LINKS_TEXTS.files.empty)).toBeInTheDocument()
    expect(found.getByText(/Links nog niet gecontroleerd/)).toBeInTheDocument()
    expect(found.queryByRole('table')).toBeNull()
  })

  it('offers to try again when the report cannot be read', async () => {
    renderValidation('fails')
    const found = await section()
    expect(await found.findByText(LINKS_TEXTS.error)).toBeInTheDocument()
    expect(found.getByRole('button', { name: LINKS_TEXTS.retry })).toBeInTheDocument()
  })
})
