import {
  API_PREFIX,
  PRIVACY_APPROVAL_MESSAGES,
  apiPaths,
  type DocumentForValidation,
} from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, storeSignedIn, testSession } from '../test/auth.ts'
import { json, renderRoutes, stubApi } from '../test/render.tsx'
import { OWN_ID, aSummary } from '../test/documents.ts'
import { WITH_FINDINGS } from '../features/privacy/test-data.ts'
import { PRIVACY_TEXTS } from '../features/privacy/texts.ts'
import { VALIDATION_TEXTS } from '../features/validation/texts.ts'
import { ValidationScreen } from './ValidationScreen.tsx'

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

const HELD: DocumentForValidation = {
  ...aSummary({ contentUID: OWN_ID, title: 'Inwoners met bsn' }),
  description: 'Per wijk.',
  files: [],
  selfValidationBlocked: null,
  privacy: WITH_FINDINGS,
}

beforeEach(() => storeSignedIn())

function serve(document: DocumentForValidation, published = 0) {
  return stubApi((url) => {
    if (url.pathname === api(apiPaths.validationList)) {
      const open = url.searchParams.get('status') === 'openstaand'
      return json({ Results: open ? [document] : [], Total: open ? 1 : 0 })
    }
    if (url.pathname === api(apiPaths.privacyPublished)) {
      const results = Array.from({ length: published }, (_, n) => ({
        contentUID: `0000000${n}-1111-4222-8333-444444444444`,
        title: `Gepubliceerd rapport ${n + 1}`,
        owner: 'Mirjam Medewerker',
        harvestSource: null,
        published: '2025-01-01T10:00:00.000Z',
        status: 'bevindingen',
        openCounts: { telefoon: 2 },
      }))
      return json({ Results: results, Total: published })
    }
    if (url.pathname === api(apiPaths.approve(OWN_ID))) {
      return json(
        { title: 'Conflict', status: 409, detail: PRIVACY_APPROVAL_MESSAGES.blocked },
        409,
      )
    }
    return json({}, 404)
  })
}

const renderValidation = () =>
  renderRoutes([{ path: '/validatie', element: <ValidationScreen /> }], '/validatie', {
    auth: testSession(ADMIN).session,
  })

describe('/validatie with the personal-data check', () => {
  it('holds the approve button of a document with open findings and says why', async () => {
    const { calls } = serve(HELD)
    const user = userEvent.setup()
    renderValidation()
    const approve = await screen.findByRole('button', {
      name: (name) => name.startsWith(VALIDATION_TEXTS.approve),
    })
    expect(approve).toHaveAttribute('aria-disabled', 'true')
    expect(approve).toHaveAccessibleDescription(VALIDATION_TEXTS.privacyOpen)
    await user.click(approve)
    expect(calls.some((url) => url.pathname === api(apiPaths.approve(OWN_ID)))).toBe(false)
    // The counts per kind are shown with the document.
    expect(screen.getByRole('list', { name: PRIVACY_TEXTS.review.counts })).toHaveTextContent(
      'BSN: 1',
    )
  })

  it("'Moet weg' opens the disapproval, privacy-sensitive, with the finding as its reason", async () => {
    serve(HELD)
    const user = userEvent.setup()
    renderValidation()
    const [mustGo] = await screen.findAllByRole('button', {
      name: (name) => name.startsWith(PRIVACY_TEXTS.review.mustGo),
    })
    await user.click(mustGo!)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('combobox')).toHaveValue('Privacygevoelig')
    expect(within(dialog).getByRole('textbox')).toHaveValue(
      PRIVACY_TEXTS.review.mustGoReason(
        'bsn',
        "inwoners.csv, kolom 'bsn' (B), rij 2 tot 1001",
        '***.**.*782',
      ),
    )
  })

  it('keeps a document the check holds in the list when the server refuses its approval', async () => {
    // The list said all was judged; a rescan since opened a finding again.
    serve({ ...HELD, privacy: { ...WITH_FINDINGS, status: 'beoordeeld', findings: [] } })
    const user = userEvent.setup()
    renderValidation()
    await user.click(
      await screen.findByRole('button', {
        name: (name) => name.startsWith(VALIDATION_TEXTS.approve),
      }),
    )
    await waitFor(() =>
      expect(screen.getByText(PRIVACY_APPROVAL_MESSAGES.blocked)).toBeInTheDocument(),
    )
    expect(screen.getByRole('heading', { name: /Inwoners met bsn/ })).toBeInTheDocument()
  })

  it("shows the admins' list of published documents with possible personal data", async () => {
    serve(HELD, 2)
    renderValidation()
    const section = await screen.findByRole('region', { name: PRIVACY_TEXTS.published.heading })
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gepubliceerd rapport 1', 'Gepubliceerd rapport 2'])
    expect(section).toHaveTextContent('Telefoonnummer: 2')
  })
})
