import {
  API_PREFIX,
  apiPaths,
  type DeletedDocument,
  type RestoreResult,
} from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { OTHER_ID, OWN_ID } from '../../test/documents.ts'
import { validationKeys } from './api.ts'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { VALIDATION_TEXTS } from './texts.ts'
import { ValidationPage } from './ValidationPage.tsx'

const TEXTS = VALIDATION_TEXTS.deleted
const api = (path: string) => `${API_PREFIX.authenticated}${path}`

function aDeleted(overrides: Partial<DeletedDocument> = {}): DeletedDocument {
  return {
    contentUID: OWN_ID,
    title: 'Bomenregister 2024',
    contentTypeName: 'Dataset',
    status: 'goedgekeurd',
    owner: { id: 'oid-medewerker', name: 'Mirjam Medewerker' },
    deletedBy: { id: 'oid-medewerker', name: 'Mirjam Medewerker' },
    withdrawn: false,
    deletedAt: '2025-02-01T12:00:00.000Z',
    purgeAt: '2025-03-03T12:00:00.000Z',
    daysUntilPurge: 12,
    ...overrides,
  }
}
const FIRST = aDeleted()
const SECOND = aDeleted({
  contentUID: OTHER_ID,
  title: 'Parkeerdruk concept',
  status: 'openstaand',
  deletedBy: { id: 'oid-beheerder', name: 'Bert Beheerder' },
  daysUntilPurge: 1,
})

/** The server: a deleted list that loses a document once it is restored. */
function stubServer(
  options: {
    deleted?: DeletedDocument[]
    total?: number
    restore?: (id: string) => Response
    list?: () => Response
  } = {},
) {
  let deleted = options.deleted ?? [FIRST, SECOND]
  const restores: string[] = []
  const { calls } = stubApi((url, init) => {
    if (url.pathname === api(apiPaths.deletedDocuments)) {
      return options.list?.() ?? json({ Results: deleted, Total: options.total ?? deleted.length })
    }
    const id = url.pathname.split('/').at(-2) ?? ''
    if (url.pathname === api(apiPaths.restore(id)) && init?.method === 'POST') {
      restores.push(id)
      const restored = deleted.find((document) => document.contentUID === id)
      const response =
        options.restore?.(id) ??
        json({
          contentUID: id,
          title: restored?.title ?? '',
          status: restored?.status ?? 'goedgekeurd',
        } satisfies RestoreResult)
      // Restored now, or not restorable any more (404): either way no longer on the list.
      if (response.ok || response.status === 404) {
        deleted = deleted.filter((document) => document.contentUID !== id)
      }
      return response
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return { calls, restores }
}

function renderDeleted(url = '/validatie?status=verwijderd') {
  return renderRoutes([{ path: '/validatie', element: <ValidationPage /> }], url, {
    auth: testSession(ADMIN).session,
  })
}

const deletedList = () => screen.findByRole('list', { name: TEXTS.listLabel })
const itemOf = (list: HTMLElement, title: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: title }))

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

describe('/validatie?status=verwijderd', () => {
  it('lists each deleted document with who deleted it, when, its status and when it is purged', async () => {
    const { calls } = stubServer()
    renderDeleted()

    expect(screen.getByRole('link', { name: VALIDATION_TEXTS.tabs.verwijderd })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByRole('heading', { level: 2, name: TEXTS.heading })).toBeVisible()
    const list = await deletedList()
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    const first = itemOf(list, 'Bomenregister 2024')!
    expect(within(first).getByText(TEXTS.meta.deletedBy).nextElementSibling).toHaveTextContent(
      'Mirjam Medewerker',
    )
    expect(within(first).getByText(TEXTS.meta.deletedAt).nextElementSibling).toHaveTextContent(
      '1 februari 2025',
    )
    expect(within(first).getByText(TEXTS.meta.status).nextElementSibling).toHaveTextContent(
      'Goedgekeurd',
    )
    expect(first).toHaveTextContent('Wordt definitief verwijderd op 3 maart 2025 (nog 12 dagen)')
    expect(
      within(first).getByRole('button', { name: 'Herstellen Bomenregister 2024' }),
    ).toBeVisible()
    const second = itemOf(list, 'Parkeerdruk concept')!
    expect(second).toHaveTextContent('Wacht op validatie')
    expect(second).toHaveTextContent('Bert Beheerder')
    expect(second).toHaveTextContent('(nog 1 dag)')
    expect(screen.getByText('2 verwijderde documenten.')).toBeVisible()
    const listCall = calls.find((url) => url.pathname === api(apiPaths.deletedDocuments))
    expect(Object.fromEntries(listCall?.searchParams ?? [])).toEqual({
      offset: '1',
      pageSize: '10',
    })
  })

  it('says of a harvested document that its source withdrew it, not who deleted it', async () => {
    stubServer({
      deleted: [aDeleted({ title: 'Bomen uit de buurgemeente', deletedBy: null, withdrawn: true })],
    })
    renderDeleted()
    const item = itemOf(await deletedList(), 'Bomen uit de buurgemeente')!
    expect(within(item).getByText(TEXTS.meta.deletedBy).nextElementSibling).toHaveTextContent(
      TEXTS.meta.withdrawn,
    )
  })

  it('restores from the keyboard: the item goes, the admin is told where it is, and the rest is refreshed', async () => {
    const { restores } = stubServer()
    const user = userEvent.setup()
    const { queryClient } = renderDeleted()
    queryClient.setQueryData(validationKeys.list('goedgekeurd', 1), { Results: [], Total: 0 })
    queryClient.setQueryData([...openCountQueryKey, 'all'], { Results: [], Total: 0 })
    const list = await deletedList()

    within(itemOf(list, 'Bomenregister 2024')!)
      .getByRole('button', { name: 'Herstellen Bomenregister 2024' })
      .focus()
    await user.keyboard('{Enter}')

    const status = await screen.findByRole('status', { name: '' })
    await waitFor(() =>
      expect(status).toHaveTextContent(TEXTS.restored.goedgekeurd('Bomenregister 2024')),
    )
    expect(within(status).getByRole('link', { name: TEXTS.viewRestored })).toHaveAttribute(
      'href',
      `/documenten/${OWN_ID}`,
    )
    expect(restores).toEqual([OWN_ID])
    expect(itemOf(list, 'Bomenregister 2024')).toBeUndefined()
    expect(itemOf(list, 'Parkeerdruk concept')).toBeDefined()
    expect(screen.getByRole('heading', { level: 2, name: TEXTS.heading })).toHaveFocus()
    expect(queryClient.getQueryState(validationKeys.list('goedgekeurd', 1))?.isInvalidated).toBe(
      true,
    )
    expect(queryClient.getQueryState([...openCountQueryKey, 'all'])?.isInvalidated).toBe(true)
  })

  it('says so when the document can no longer be restored, and drops it from the list', async () => {
    stubServer({
      restore: () => json({ title: 'Niet gevonden', status: 404, detail: 'Weg.' }, 404),
    })
    const user = userEvent.setup()
    renderDeleted()
    const list = await deletedList()
    await user.click(within(list).getByRole('button', { name: 'Herstellen Parkeerdruk concept' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.gone)
    expect(itemOf(list, 'Parkeerdruk concept')).toBeUndefined()
  })

  it('keeps the item and says it failed when the server is away', async () => {
    stubServer({ restore: () => json({ title: 'Er ging iets mis', status: 500 }, 500) })
    const user = userEvent.setup()
    renderDeleted()
    const list = await deletedList()
    await user.click(within(list).getByRole('button', { name: 'Herstellen Bomenregister 2024' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.failed)
    expect(itemOf(list, 'Bomenregister 2024')).toBeDefined()
  })

  it('says there is nothing when nothing was deleted', async () => {
    stubServer({ deleted: [] })
    renderDeleted()
    expect(await screen.findByText('Er zijn geen verwijderde documenten.')).toBeVisible()
    expect(screen.queryByRole('list', { name: TEXTS.listLabel })).toBeNull()
  })

  it('shows a loading state, then an error with a way to try again', async () => {
    let fail = true
    stubServer({
      list: () =>
        fail
          ? json({ title: 'Er ging iets mis', status: 500 }, 500)
          : json({ Results: [FIRST], Total: 1 }),
    })
    const user = userEvent.setup()
    renderDeleted()
    expect(screen.getByText(TEXTS.loading)).toBeVisible()
    expect(await screen.findByText(TEXTS.error)).toBeVisible()
    fail = false
    await user.click(screen.getByRole('button', { name: VALIDATION_TEXTS.retry }))
    expect(await deletedList()).toBeVisible()
  })

  it('pages a long list with links to each page', async () => {
    const { calls } = stubServer({ total: 25 })
    renderDeleted('/validatie?status=verwijderd&offset=2')
    await deletedList()
    expect(screen.getByText('25 verwijderde documenten. Pagina 2 van 3.')).toBeVisible()
    const pagination = screen.getByRole('navigation', { name: 'Paginering' })
    expect(within(pagination).getByRole('link', { name: /Volgende/ })).toHaveAttribute(
      'href',
      '/validatie?status=verwijderd&offset=3',
    )
    expect(
      calls
        .find((url) => url.pathname === api(apiPaths.deletedDocuments))
        ?.searchParams.get('offset'),
    ).toBe('2')
  })
})
