import {
  API_PREFIX,
  apiPaths,
  scoreQuality,
  qualityInputOf,
  type DocumentForValidation,
} from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { OWN_ID, aSummary } from '../../test/documents.ts'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { ValidationPage } from './ValidationPage.tsx'

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

// A PDF without a theme or a period: 405 - 30 (keyword) - 20 (period) - 40 (not open, not
// machine-readable) = 315.
const quality = scoreQuality(
  qualityInputOf({
    themes: 0,
    temporal: null,
    spatial: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
    licence: 'http://publications.europa.eu/resource/authority/licence/CC0',
    files: [{ mediaType: 'application/pdf', size: 1000 }],
    links: [],
    source: null,
  }),
)
const DOCUMENT: DocumentForValidation = {
  ...aSummary({ contentUID: OWN_ID, title: 'Jaarverslag' }),
  description: '',
  files: [],
  selfValidationBlocked: null,
  quality,
}

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

describe('/validatie', () => {
  it("shows each document's metadata-quality score and what would earn more", async () => {
    stubApi((url) =>
      url.pathname === api(apiPaths.validationList)
        ? json({ Results: [DOCUMENT], Total: 1 })
        : json({ title: 'Niet gevonden', status: 404 }, 404),
    )
    const view = renderRoutes([{ path: '/validatie', element: <ValidationPage /> }], '/validatie', {
      auth: testSession(ADMIN).session,
    })
    view.queryClient.setQueryData([...openCountQueryKey, 'all'], { Results: [], Total: 1 })
    const item = (
      await screen.findByRole('heading', { name: 'Jaarverslag' }, { timeout: 5000 })
    ).closest('article')!
    expect(within(item).getByText('315 van 405 (goed)')).toBeVisible()
    await userEvent.setup().click(within(item).getByText('Wat nog punten oplevert'))
    expect(within(item).getByText(/Vul de periode in .* \(20 punten\)/)).toBeVisible()
  })
})
