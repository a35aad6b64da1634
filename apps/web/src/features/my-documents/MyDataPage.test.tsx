import { API_PREFIX, apiPaths, type DocumentSummary } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { MyDataPage } from './MyDataPage.tsx'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'
import { OTHER_ID, OWN_ID, aSummary } from '../../test/documents.ts'

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

const DISAPPROVED = aSummary({
  contentUID: OTHER_ID,
  title: 'Parkeergarages',
  contentTypeName: 'Kaart',
  status: 'afgekeurd',
  statusCategory: 'Privacygevoelig',
  statusDescription: 'De kentekens in kolom C zijn persoonsgegevens.',
})

function stubOwnDocuments(results: DocumentSummary[], total = results.length) {
  return stubApi((url) =>
    url.pathname === api(apiPaths.userDocuments)
      ? json({ Results: results, Total: total })
      : json({ title: 'Niet gevonden', status: 404 }, 404),
  )
}

const renderMyData = (url = '/data') =>
  renderRoutes(
    [
      { path: '/data', element: <MyDataPage /> },
      { path: '/data/:page', element: <MyDataPage /> },
      { path: '/document/upload', element: <h1>Uploadformulier</h1> },
    ],
    url,
    { auth: testSession(EMPLOYEE).session },
  )

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

describe('/data', () => {
  it('shows every status in Dutch and why a document was disapproved', async () => {
    stubOwnDocuments([
      aSummary(),
      aSummary({ contentUID: '9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e', status: 'goedgekeurd' }),
      DISAPPROVED,
    ])
    renderMyData()

    const list = await screen.findByRole('list', { name: TEXTS.listLabel })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Status: Wacht op validatie')
    expect(items[1]).toHaveTextContent('Status: Goedgekeurd')
    expect(items[2]).toHaveTextContent('Status: Afgekeurd')
    expect(within(items[2]!).getByText('Afgekeurd: Privacygevoelig')).toBeVisible()
    expect(
      within(items[2]!).getByText('De kentekens in kolom C zijn persoonsgegevens.'),
    ).toBeVisible()
    expect(within(items[0]!).queryByText(/Afgekeurd:/)).not.toBeInTheDocument()
    expect(screen.getByText('U hebt 3 documenten geüpload.')).toBeInTheDocument()
    expect(document.title).toMatch(/^Mijn data \| /)
  })

  it('offers edit and delete for each document, named by its title', async () => {
    stubOwnDocuments([aSummary()])
    renderMyData()
    expect(
      await screen.findByRole('link', { name: 'Bewerken Afvalinzameling 2024' }),
    ).toHaveAttribute('href', `/documenten/${OWN_ID}/edit`)
    expect(screen.getByRole('button', { name: 'Verwijderen Afvalinzameling 2024' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Data uploaden' })).toHaveAttribute(
      'href',
      '/document/upload',
    )
  })

  it('asks for the own documents of the page in the path', async () => {
    const { calls } = stubOwnDocuments([aSummary()], 25)
    renderMyData('/data/2')
    const navigation = await screen.findByRole('navigation', { name: 'Paginering' })
    expect(calls[0]!.searchParams.get('offset')).toBe('2')
    expect(calls[0]!.searchParams.get('pageSize')).toBe('10')
    expect(within(navigation).getByRole('link', { name: /Vorige/ })).toHaveAttribute(
      'href',
      '/data',
    )
    expect(within(navigation).getByRole('link', { name: /Volgende/ })).toHaveAttribute(
      'href',
      '/data/3',
    )
    expect(screen.getByText(/Pagina 2 van 3/)).toBeInTheDocument()
    expect(document.title).toMatch(/^Mijn data – pagina 2 \| /)
  })

  it('sends a page that is no number to the first page', async () => {
    stubOwnDocuments([aSummary()])
    const { router } = renderMyData('/data/abc')
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'))
  })

  it('shows an empty state with a link to upload', async () => {
    stubOwnDocuments([])
    renderMyData()
    expect(
      await screen.findByRole('heading', { name: 'U hebt nog geen documenten geüpload' }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: TEXTS.emptyAction })).toHaveAttribute(
      'href',
      '/document/upload',
    )
  })

  it('offers a visitor sign-in instead of calling the API', () => {
    window.localStorage.clear()
    const { fetchMock } = stubOwnDocuments([])
    renderRoutes([{ path: '/data', element: <MyDataPage /> }], '/data')
    expect(screen.getByRole('heading', { level: 1, name: 'Mijn data' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeVisible()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('/data banners', () => {
  it.each([
    ['successfulUpload=true', 'status', TEXTS.banners.uploaded],
    ['successfulUpload=false', 'alert', TEXTS.banners.uploadFailed],
    ['deleteSuccess=true', 'status', TEXTS.banners.deleted],
  ] as const)('?%s shows its banner', async (flag, role, text) => {
    stubOwnDocuments([aSummary()])
    renderMyData(`/data?${flag}`)
    const banner = await screen.findByText(text)
    expect(banner.closest('.utrecht-alert')).toHaveAttribute('role', role)
  })

  it('offers to try again after a failed upload', async () => {
    stubOwnDocuments([aSummary()])
    renderMyData('/data?successfulUpload=false')
    expect(await screen.findByRole('link', { name: TEXTS.banners.tryAgain })).toHaveAttribute(
      'href',
      '/document/upload',
    )
  })

  it('shows no banner without a flag, or with another value', async () => {
    stubOwnDocuments([aSummary()])
    renderMyData('/data?deleteSuccess=ja')
    await screen.findByRole('list', { name: TEXTS.listLabel })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(document.querySelector('.portal-result-banner')).toBeNull()
  })
})

describe('deleting an own document', () => {
  /** The list holds one document until a delete succeeds. */
  function stubWithDelete(answer: () => Promise<Response>) {
    const deletes: string[] = []
    let deleted = false
    const stub = stubApi(async (url, init) => {
      if (init?.method === 'DELETE') {
        deletes.push(url.pathname)
        const response = await answer()
        deleted = response.ok
        return response
      }
      return json(deleted ? { Results: [], Total: 0 } : { Results: [aSummary()], Total: 1 })
    })
    return { ...stub, deletes }
  }

  it('asks first, shows that it is busy, then goes to /data?deleteSuccess=true', async () => {
    let finish: (response: Response) => void = () => {}
    const { deletes } = stubWithDelete(() => new Promise((resolve) => (finish = resolve)))
    const { router, queryClient } = renderMyData('/data/2')
    queryClient.setQueryData([...openCountQueryKey, 'own'], { Results: [], Total: 1 })
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: /^Verwijderen/ }))
    const dialog = screen.getByRole('dialog', { name: TEXTS.dialog.heading })
    expect(dialog).toHaveTextContent('Weet u zeker dat u "Afvalinzameling 2024" wilt verwijderen?')
    expect(within(dialog).getByRole('button', { name: TEXTS.dialog.cancel })).toHaveFocus()
    expect(deletes).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: TEXTS.dialog.confirm }))
    expect(await within(dialog).findByText(TEXTS.dialog.busy)).toBeVisible()
    expect(within(dialog).getByRole('button', { name: TEXTS.dialog.confirm })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(deletes).toEqual([api(apiPaths.deleteUpload(OWN_ID))])

    finish(new Response(null, { status: 204 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'))
    expect(router.state.location.search).toBe('?deleteSuccess=true')
    expect(await screen.findByText(TEXTS.banners.deleted)).toBeVisible()
    // The badge in the top bar follows.
    expect(queryClient.getQueryState([...openCountQueryKey, 'own'])?.isInvalidated).toBe(true)
  })

  it('takes the document off the list shown', async () => {
    stubWithDelete(async () => new Response(null, { status: 204 }))
    const { router } = renderMyData()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /^Verwijderen/ }))
    await user.click(screen.getByRole('button', { name: TEXTS.dialog.confirm }))
    await waitFor(() => expect(router.state.location.search).toBe('?deleteSuccess=true'))
    expect(await screen.findByRole('heading', { name: TEXTS.emptyHeading })).toBeVisible()
    expect(screen.queryByText('Afvalinzameling 2024')).not.toBeInTheDocument()
  })

  it('does nothing when cancelled', async () => {
    const { deletes } = stubWithDelete(async () => new Response(null, { status: 204 }))
    const { router } = renderMyData()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /^Verwijderen/ }))
    await user.click(screen.getByRole('button', { name: TEXTS.dialog.cancel }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(deletes).toHaveLength(0)
    expect(router.state.location.search).toBe('')
  })

  it('says so in the dialog when the delete fails, and stays', async () => {
    stubWithDelete(async () => json({ title: 'Geen toegang', status: 403 }, 403))
    const { router } = renderMyData()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /^Verwijderen/ }))
    await user.click(screen.getByRole('button', { name: TEXTS.dialog.confirm }))
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.dialog.failed)
    expect(router.state.location.search).toBe('')
  })
})
