import { API_PREFIX, apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, EMPLOYEE, storeSignedIn, testSession } from '../test/auth.ts'
import { json, renderRoutes, stubApi } from '../test/render.tsx'
import type { AuthState } from '../shared/auth/auth-state.ts'
import { DocumentScreen } from './DocumentScreen.tsx'
import { UPLOAD_TEXTS } from '../features/upload/texts.ts'
import { ADMIN_ABILITIES, NO_ABILITIES, OWN_ID, aDetail } from '../test/documents.ts'
import { MY_DATA_TEXTS as TEXTS } from '../features/my-documents/texts.ts'

const OTHERS = aDetail({
  owner: { id: 'iemand-anders', name: 'Iemand Anders' },
  abilities: NO_ABILITIES,
})

function renderDocumentPage(user: AuthState, detail: DocumentDetail = aDetail(), search = '') {
  const deletes: string[] = []
  stubApi((url, init) => {
    if (init?.method === 'DELETE') {
      deletes.push(url.pathname)
      return new Response(null, { status: 204 })
    }
    if (url.pathname === `${API_PREFIX.authenticated}${apiPaths.document(OWN_ID)}`) {
      return json(detail)
    }
    return new Response(null, { status: 204 })
  })
  const view = renderRoutes(
    [
      { path: '/documenten/:contentId', element: <DocumentScreen /> },
      { path: '/data', element: <h1>Mijn data</h1> },
    ],
    `/documenten/${OWN_ID}${search}`,
    { auth: testSession(user).session },
  )
  return { ...view, deletes }
}

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

describe('the document page for its owner', () => {
  it('offers edit and delete to the owner', async () => {
    renderDocumentPage(EMPLOYEE)
    expect(
      await screen.findByRole('link', { name: `${TEXTS.edit} Afvalinzameling 2024` }),
    ).toHaveAttribute('href', `/documenten/${OWN_ID}/edit`)
    expect(
      screen.getByRole('button', { name: `${TEXTS.delete} Afvalinzameling 2024` }),
    ).toBeVisible()
  })

  it('offers them to an admin, but not to another employee', async () => {
    const admin = renderDocumentPage(ADMIN, { ...OTHERS, abilities: ADMIN_ABILITIES })
    expect(await screen.findByRole('link', { name: /^Bewerken/ })).toBeVisible()
    admin.unmount()
    vi.unstubAllGlobals()

    renderDocumentPage(EMPLOYEE, OTHERS)
    await screen.findByRole('heading', { level: 1, name: 'Afvalinzameling 2024' })
    expect(screen.queryByRole('link', { name: /^Bewerken/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Verwijderen/ })).not.toBeInTheDocument()
  })

  it('deletes after confirmation and goes to /data?deleteSuccess=true', async () => {
    const { router, deletes } = renderDocumentPage(EMPLOYEE)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /^Verwijderen/ }))
    const dialog = screen.getByRole('dialog', { name: TEXTS.dialog.heading })
    await user.click(within(dialog).getByRole('button', { name: TEXTS.dialog.confirm }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'))
    expect(router.state.location.search).toBe('?deleteSuccess=true')
    expect(deletes).toEqual([`${API_PREFIX.authenticated}${apiPaths.deleteUpload(OWN_ID)}`])
  })

  it.each([
    ['true', 'status', UPLOAD_TEXTS.editResult.saved],
    ['false', 'alert', UPLOAD_TEXTS.editResult.failed],
  ] as const)('shows ?editSuccess=%s', async (value, role, text) => {
    renderDocumentPage(EMPLOYEE, aDetail({ status: 'openstaand' }), `?editSuccess=${value}`)
    const banner = await screen.findByText(text)
    expect(banner.closest('.utrecht-alert')).toHaveAttribute('role', role)
  })
})
