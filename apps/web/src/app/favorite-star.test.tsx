import { apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, renderRoutes, stubApi, type RenderOptions } from '../test/render.tsx'
import { documentKeys } from '../shared/documents/keys.ts'
import { DocumentScreen } from './DocumentScreen.tsx'
import { DOCUMENT_ID, aDocument, employeeApi, heldAnswer, signedIn } from '../test/documents.ts'
import { DOCUMENT_PATH, documentHref, SEARCH_PATH, searchHref } from '../shared/routes.ts'
import { SearchPage } from '../features/search/SearchPage.tsx'
import { aResult, aSearchResponse } from '../features/search/test-data.ts'

afterEach(() => vi.unstubAllGlobals())

const RESULT = aResult({ contentUserUse: { favorited: false, rating: null } })
const FAVORITE_URL = employeeApi(apiPaths.favorite(RESULT.contentUID))

/** /api/search answers one result; the favourite call answers with `favorite`. */
function stubServer(favorite: (init: RequestInit | undefined) => Promise<Response> | Response) {
  return stubApi((url, init) => {
    if (url.pathname === employeeApi(apiPaths.search))
      return json(aSearchResponse({ Results: [RESULT] }))
    if (url.pathname === FAVORITE_URL) return favorite(init)
    if (url.pathname === employeeApi(apiPaths.followedTags)) return json({ Results: [], Total: 0 })
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
}

const renderSearch = (options: RenderOptions) =>
  renderRoutes(
    [{ path: SEARCH_PATH, element: <SearchPage /> }],
    searchHref({ query: 'bevolking' }),
    options,
  )

const star = (name: RegExp) => screen.findByRole('button', { name })

describe('favourite star on search results', () => {
  it('is pressed at once and stays so when the server agrees', async () => {
    const answer = heldAnswer()
    const { calls } = stubServer(async () => {
      await answer.released
      return json({ favorited: true })
    })
    renderSearch(signedIn())

    const button = await star(/^Markeer als favoriet: Bevolking per wijk$/)
    expect(button).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(button)

    // Before the server has answered.
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(button).toHaveAccessibleName('Verwijder uit favorieten: Bevolking per wijk')
    const put = calls.find((url) => url.pathname === FAVORITE_URL)
    expect(put).toBeDefined()

    answer.release()
    await waitFor(() =>
      expect(calls.filter((url) => url.pathname === FAVORITE_URL)).toHaveLength(1),
    )
    expect(button).toHaveAttribute('aria-pressed', 'true')
  })

  it('flips back with a message when the server call fails', async () => {
    const answer = heldAnswer()
    const methods: (string | undefined)[] = []
    stubServer(async (init) => {
      methods.push(init?.method)
      await answer.released
      return json({ title: 'Er ging iets mis', status: 500 }, 500)
    })
    renderSearch(signedIn())

    const button = await star(/^Markeer als favoriet/)
    await userEvent.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')

    answer.release()
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'))
    expect(button).toHaveAccessibleName('Markeer als favoriet: Bevolking per wijk')
    // Told politely, next to the star.
    expect(screen.getByText(/^Markeren als favoriet is niet gelukt/)).toHaveAttribute(
      'role',
      'status',
    )
    // PUT, retried by the client's policy for a 5xx.
    expect(methods.every((method) => method === 'PUT')).toBe(true)
  })

  it('unfavourites with DELETE and changes every cached copy of the document', async () => {
    const favorited = aResult({ contentUserUse: { favorited: true, rating: 4 } })
    const methods: (string | undefined)[] = []
    stubApi((url, init) => {
      if (url.pathname === employeeApi(apiPaths.search))
        return json(aSearchResponse({ Results: [favorited] }))
      if (url.pathname === FAVORITE_URL) {
        methods.push(init?.method)
        return json({ favorited: false })
      }
      return json({ Results: [], Total: 0 })
    })
    const view = renderSearch(signedIn())
    const detailKey = documentKeys.detail(favorited.contentUID)
    view.queryClient.setQueryData(detailKey, { ...favorited, description: '' })

    await userEvent.click(await star(/^Verwijder uit favorieten/))

    expect(await star(/^Markeer als favoriet/)).toHaveAttribute('aria-pressed', 'false')
    const detail = view.queryClient.getQueryData<DocumentDetail>(detailKey)
    expect(detail?.contentUserUse).toEqual({ favorited: false, rating: 4 })
    await waitFor(() => expect(methods).toEqual(['DELETE']))
  })

  it('is not there for a visitor', async () => {
    stubApi(() => json(aSearchResponse({ Results: [aResult()] })))
    renderSearch({})
    expect(await screen.findByRole('link', { name: 'Bevolking per wijk' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /favoriet/ })).not.toBeInTheDocument()
  })
})

describe('favourite star on the document page', () => {
  it('shows Favoriet beside the star and toggles with PUT', async () => {
    const methods: (string | undefined)[] = []
    stubApi((url, init) => {
      if (url.pathname === employeeApi(apiPaths.favorite(DOCUMENT_ID))) {
        methods.push(init?.method)
        return json({ favorited: true })
      }
      if (url.pathname === employeeApi(apiPaths.document(DOCUMENT_ID))) return json(aDocument())
      return json({ Results: [], Total: 0 })
    })
    renderAt(<DocumentScreen />, documentHref(DOCUMENT_ID), DOCUMENT_PATH, signedIn())

    const button = await screen.findByRole('button', { name: 'Markeer als favoriet' })
    expect(button).toHaveTextContent('Favoriet')
    await userEvent.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(button).toHaveAccessibleName('Verwijder uit favorieten')
    await waitFor(() => expect(methods).toEqual(['PUT']))
  })
})
