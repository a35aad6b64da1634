import { NO_VALUE_BUCKET, apiPaths, type NameList } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderRoutes, stubApi, type RenderOptions } from '../../test/render.tsx'
import { employeeApi, heldAnswer, signedIn } from '../../test/documents.ts'
import { SearchPage } from './SearchPage.tsx'
import { SEARCH_PATH, searchHref } from '../../shared/routes.ts'
import { aResult, aSearchResponse, someAggregations } from './test-data.ts'

afterEach(() => vi.unstubAllGlobals())

const FOLLOWING_URL = employeeApi(apiPaths.followedTags)

/**
 * Search with a theme facet (Bevolking, Wonen, 'Geen thema'); the server keeps the followed
 * themes, and `change` may hold or refuse a follow call.
 */
function stubServer(
  followed: string[],
  change: () => Promise<Response | null> | Response | null = () => null,
) {
  let current = [...followed]
  const list = (): NameList => ({ Results: current, Total: current.length })
  const changes: string[] = []
  const api = stubApi(async (url, init) => {
    if (url.pathname === employeeApi(apiPaths.search)) {
      const themes = [...someAggregations().themes, { key: NO_VALUE_BUCKET.themes, count: 2 }]
      return json(
        aSearchResponse({ Results: [aResult()], Aggregations: someAggregations({ themes }) }),
      )
    }
    if (url.pathname.startsWith(FOLLOWING_URL) && init?.method !== 'GET') {
      changes.push(`${init?.method} ${url.pathname}${url.search}`)
      const refused = await change()
      if (refused) return refused
      if (init?.method === 'PUT') current = [...current, url.searchParams.get('data')!]
      else
        current = current.filter((name) => url.pathname !== employeeApi(apiPaths.followedTag(name)))
      return json(list())
    }
    if (url.pathname === FOLLOWING_URL) return json(list())
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return { ...api, changes }
}

const renderSearch = (options: RenderOptions) =>
  renderRoutes([{ path: SEARCH_PATH, element: <SearchPage /> }], searchHref(), options)

const themeFacet = async () => within(await screen.findByRole('group', { name: 'Thema' }))

describe('following a theme from the theme facet', () => {
  it('toggles at once with aria-pressed and tells the server', async () => {
    const answer = heldAnswer()
    const { changes } = stubServer(['Wonen'], async () => {
      await answer.released
      return null
    })
    renderSearch(signedIn())
    const facet = await themeFacet()

    const follow = await facet.findByRole('button', { name: 'Volg thema Bevolking' })
    expect(follow).toHaveAttribute('aria-pressed', 'false')
    expect(follow).toHaveTextContent('Volg')
    expect(facet.getByRole('button', { name: 'Ontvolg thema Wonen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    // 'Geen thema' is not a theme one can follow.
    expect(facet.getAllByRole('button', { name: /thema/ })).toHaveLength(2)

    await userEvent.click(follow)
    expect(follow).toHaveAttribute('aria-pressed', 'true')
    expect(follow).toHaveAccessibleName('Ontvolg thema Bevolking')
    answer.release()
    await waitFor(() => expect(changes).toEqual([`PUT ${FOLLOWING_URL}?data=Bevolking`]))

    await userEvent.click(facet.getByRole('button', { name: 'Ontvolg thema Wonen' }))
    await waitFor(() =>
      expect(changes).toEqual([
        `PUT ${FOLLOWING_URL}?data=Bevolking`,
        `DELETE ${employeeApi(apiPaths.followedTag('Wonen'))}`,
      ]),
    )
    expect(facet.getByRole('button', { name: 'Volg thema Wonen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })

  it('goes back when the server refuses, with a message', async () => {
    stubServer([], () => json({ title: 'Er ging iets mis', status: 500 }, 500))
    renderSearch(signedIn())
    const facet = await themeFacet()

    await userEvent.click(await facet.findByRole('button', { name: 'Volg thema Bevolking' }))

    expect(
      await screen.findByText('Thema Bevolking volgen is niet gelukt. Probeer het opnieuw.'),
    ).toBeVisible()
    expect(facet.getByRole('button', { name: 'Volg thema Bevolking' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })

  it('is not offered to a visitor', async () => {
    stubApi(() => json(aSearchResponse()))
    renderSearch({})
    const facet = await themeFacet()
    expect(facet.getByRole('checkbox', { name: /^Bevolking/ })).toBeVisible()
    expect(facet.queryByRole('button', { name: /Volg/ })).not.toBeInTheDocument()
  })
})
