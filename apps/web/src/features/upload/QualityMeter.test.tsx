import { API_PREFIX, apiPaths, type TableInfo } from '@dataportaal/contract'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { FILE_ID, OWN_ID, aDetail } from '../../test/documents.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { COVERAGE_TEXTS } from './coverage-texts.ts'
import { EditDocumentPage } from './EditDocumentPage.tsx'
import { stubXhr } from './fake-xhr.ts'
import { csvFile, OPTIONS, stubFormApi, THEMES } from './test-data.ts'
import { UploadPage } from './UploadPage.tsx'

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

const score = () => screen.getByText(/^Kwaliteit metadata: \d+ van 405$/)

describe('the metadata-quality score in the form', () => {
  it('rises live as the fields are filled', async () => {
    stubFormApi()
    stubXhr()
    renderRoutes([{ path: '/document/upload', element: <UploadPage /> }], '/document/upload', {
      auth: testSession(EMPLOYEE).session,
    })
    const user = userEvent.setup()
    await screen.findByRole('textbox', { name: /^Titel/ })
    // Nothing chosen: what every published dataset earns (theme, area, rights, contact,
    // publisher, dates, DCAT-AP), no keyword, no file, no period.
    expect(score()).toHaveTextContent('Kwaliteit metadata: 135 van 405')
    expect(screen.getByText(/Vul de periode in/)).toBeVisible()

    await user.click(screen.getByRole('checkbox', { name: 'Afval' }))
    expect(score()).toHaveTextContent('Kwaliteit metadata: 165 van 405')

    await user.upload(screen.getByLabelText(/bestanden kiezen$/i), csvFile())
    expect(score()).toHaveTextContent('Kwaliteit metadata: 385 van 405')

    await user.type(screen.getByLabelText('Van'), '2024-01-01')
    expect(score()).toHaveTextContent('Kwaliteit metadata: 405 van 405')
    expect(screen.getByText(COVERAGE_TEXTS.complete)).toBeVisible()
    expect(screen.queryByText(/Vul de periode in/)).toBeNull()
  })

  it("suggests the period from the date columns of the document's table", async () => {
    const detail = aDetail({
      themes: ['Afval'],
      files: [
        {
          id: FILE_ID,
          fileName: 'afval.csv',
          mediaType: 'text/csv',
          size: 2_048,
          sha256: 'a'.repeat(64),
          url: apiPaths.documentFile(OWN_ID, FILE_ID),
          tables: [{ sheet: null, loadStatus: 'geladen', rowCount: 3 }],
        },
      ],
    })
    const stats = { emptyCount: 0, distinctCount: 3, distinctCapped: false, examples: [] }
    const table: TableInfo = {
      fileId: FILE_ID,
      sheet: null,
      sheets: [],
      loadStatus: 'geladen',
      rowCount: 3,
      report: null,
      schema: {
        missingValues: [''],
        fields: [
          { name: 'wijk', type: 'string', stats },
          {
            name: 'datum',
            type: 'date',
            stats: { ...stats, min: '2023-02-01', max: '2024-11-30' },
          },
          {
            name: 'tijd',
            type: 'datetime',
            stats: { ...stats, min: '2023-01-15T08:00:00', max: '2024-03-01T10:00:00' },
          },
        ],
      },
    }
    const api = (path: string) => `${API_PREFIX.authenticated}${path}`
    stubApi((url) => {
      if (url.pathname === api(apiPaths.uploadOptions)) return json(OPTIONS)
      if (url.pathname === api(apiPaths.tags)) return json(THEMES)
      if (url.pathname === api(apiPaths.document(OWN_ID))) return json(detail)
      if (url.pathname === api(apiPaths.fileTable(OWN_ID, FILE_ID))) return json(table)
      return json({ Results: [], Total: 0 })
    })
    stubXhr()
    renderRoutes(
      [{ path: '/documenten/:contentId/edit', element: <EditDocumentPage /> }],
      `/documenten/${OWN_ID}/edit`,
      { auth: testSession(EMPLOYEE).session },
    )
    const user = userEvent.setup()
    expect(
      await screen.findByText(COVERAGE_TEXTS.suggestion('2023-01-15', '2024-11-30')),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: COVERAGE_TEXTS.useSuggestion }))
    expect(screen.getByLabelText('Van')).toHaveValue('2023-01-15')
    expect(screen.getByLabelText('Tot en met')).toHaveValue('2024-11-30')
    expect(score()).toHaveTextContent('Kwaliteit metadata: 405 van 405')
  })
})
