import {
  API_PREFIX,
  apiPaths,
  type DocumentFile,
  type DocumentForValidation,
  type TableInfo,
} from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { OWN_ID, aSummary } from '../../test/documents.ts'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { ValidationPage } from './ValidationPage.tsx'

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

const CLEAN = 'c1a5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c'
const BROKEN = 'c2a5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c'
const FAILED = 'c3a5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c'
const PDF = 'c4a5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c'

const file = (id: string, fileName: string, tables?: DocumentFile['tables']): DocumentFile => ({
  id,
  fileName,
  mediaType: fileName.endsWith('.pdf') ? 'application/pdf' : 'text/csv',
  size: 1_000,
  sha256: 'a'.repeat(64),
  url: apiPaths.documentFile(OWN_ID, id),
  ...(tables ? { tables } : {}),
})

const loaded = [{ sheet: null, loadStatus: 'geladen' as const, rowCount: 10 }]

const DOCUMENT: DocumentForValidation = {
  ...aSummary({ contentUID: OWN_ID }),
  description: 'Per wijk.',
  files: [
    file(CLEAN, 'schoon.csv', loaded),
    file(BROKEN, 'kapot.csv', loaded),
    file(FAILED, 'breed.csv', [{ sheet: null, loadStatus: 'mislukt', rowCount: 0 }]),
    file(PDF, 'toelichting.pdf'),
  ],
  selfValidationBlocked: null,
}

const info = (fileId: string, overrides: Partial<TableInfo>): TableInfo => ({
  fileId,
  sheet: null,
  sheets: [],
  loadStatus: 'geladen',
  rowCount: 10,
  schema: null,
  report: { valid: true, counts: [], errors: [] },
  ...overrides,
})

const INFOS: Record<string, TableInfo> = {
  [CLEAN]: info(CLEAN, {}),
  [BROKEN]: info(BROKEN, {
    report: {
      valid: false,
      counts: [{ type: 'type-error', fieldName: 'aantal', count: 2 }],
      errors: [
        { type: 'type-error', rowNumber: 5, fieldName: 'aantal', message: "'veel' is geen getal." },
        { type: 'type-error', rowNumber: 9, fieldName: 'aantal', message: "'-x' is geen getal." },
      ],
    },
  }),
  [FAILED]: info(FAILED, {
    loadStatus: 'mislukt',
    reason: 'Het bestand heeft meer dan 500 kolommen.',
    report: null,
  }),
}

beforeEach(storeSignedIn)

describe('quality reports in /validatie', () => {
  it('shows each table’s report with its row numbers, and none for a file without a table', async () => {
    const { calls } = stubApi((url) => {
      if (url.pathname === api(apiPaths.validationList)) {
        return json({ Results: [DOCUMENT], Total: 1 })
      }
      const fileId = Object.keys(INFOS).find(
        (id) => url.pathname === api(apiPaths.fileTable(OWN_ID, id)),
      )
      return fileId ? json(INFOS[fileId]) : json({ title: 'Niet gevonden', status: 404 }, 404)
    })
    const view = renderRoutes(
      [{ path: '/validatie', element: <ValidationPage /> }],
      '/validatie?status=openstaand',
      { auth: testSession(ADMIN).session },
    )
    view.queryClient.setQueryData([...openCountQueryKey, 'all'], { Results: [], Total: 1 })

    const clean = await screen.findByRole('region', { name: 'Kwaliteitsrapport van schoon.csv' })
    expect(clean).toHaveTextContent('Geen problemen gevonden.')

    const broken = within(screen.getByRole('region', { name: 'Kwaliteitsrapport van kapot.csv' }))
    expect(broken.getByRole('list', { name: 'Aantal meldingen per soort' })).toHaveTextContent(
      'Kolom ‘aantal’: 2 waarden passen niet bij het type van de kolom',
    )
    const rows = broken.getAllByRole('row')
    expect(rows[1]).toHaveTextContent("5aantal'veel' is geen getal.")
    expect(rows[2]).toHaveTextContent("9aantal'-x' is geen getal.")

    expect(
      screen.getByRole('region', { name: 'Kwaliteitsrapport van breed.csv' }),
    ).toHaveTextContent(
      'De tabel kon niet worden geladen. Het bestand heeft meer dan 500 kolommen.',
    )
    expect(screen.queryByRole('region', { name: /toelichting\.pdf/ })).toBeNull()
    // The approve button is there as always: the report never blocks.
    expect(screen.getByRole('button', { name: /Goedkeuren/ })).toBeInTheDocument()
    expect(calls.some((url) => url.pathname.includes(`/files/${PDF}/table`))).toBe(false)
  })
})
