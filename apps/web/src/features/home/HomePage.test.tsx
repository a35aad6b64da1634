import { API_PREFIX, ATOM_MEDIA_TYPE, apiPaths } from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { employeeApi, signedIn } from '../../test/documents.ts'
import { HomePage } from './HomePage.tsx'

const FEED_PATH = `${API_PREFIX.public}${apiPaths.documentsFeed}`

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

describe('the home page', () => {
  it('links to the feed of the whole catalogue, visibly and in the head', async () => {
    stubApi(() => json({ title: 'Niet gevonden', status: 404 }, 404))
    renderAt(<HomePage />)
    const link = await screen.findByRole('link', {
      name: 'Volg alle nieuwe documenten (Atom-feed)',
    })
    expect(link).toHaveAttribute('href', FEED_PATH)
    const announced = document.head.querySelector(
      `link[rel="alternate"][type="${ATOM_MEDIA_TYPE}"]`,
    )
    expect(announced).toHaveAttribute('href', FEED_PATH)
    expect(announced).toHaveAttribute('title', 'Nieuwe documenten')
  })
})

describe('the home page’s theme tiles and labels', () => {
  const buckets = (keys: Array<[string, number]>) =>
    json({ Results: keys.map(([key, count]) => ({ key, count })), Total: keys.length })

  function stubCounts() {
    return stubApi((url) => {
      if (url.pathname.endsWith(apiPaths.tagsAggregation))
        return buckets([
          ['Geen Thema', 2],
          ['Zorg/Welzijn', 4],
        ])
      if (url.pathname.endsWith(apiPaths.labelsAggregation))
        return buckets([
          ['Geen labels', 1],
          ['Intern', 3],
        ])
      return json({ title: 'Niet gevonden', status: 404 }, 404)
    })
  }

  it('links each theme tile to the theme’s page, and documents without a theme to the search', async () => {
    stubCounts()
    renderAt(<HomePage />)
    const themes = within(await screen.findByRole('region', { name: 'Thema’s' }))
    expect(await themes.findByRole('link', { name: /^Zorg\/Welzijn/ })).toHaveAttribute(
      'href',
      '/themas/Zorg%2FWelzijn',
    )
    expect(themes.getByRole('link', { name: /^Geen Thema/ })).toHaveAttribute(
      'href',
      '/zoeken?offset=1&tags=Geen+Thema',
    )
    expect(screen.queryByRole('region', { name: 'Uw labels' })).not.toBeInTheDocument()
  })

  it('shows a signed-in employee their labels with counts, each a search filter', async () => {
    const { calls } = stubCounts()
    renderAt(<HomePage />, '/', '*', signedIn())
    const labels = within(await screen.findByRole('region', { name: 'Uw labels' }))
    const label = await labels.findByRole('link', { name: /^Intern/ })
    expect(label).toHaveAttribute('href', '/zoeken?offset=1&labels=Intern')
    expect(label).toHaveTextContent('3 documenten')
    // 'Geen labels' comes last, as everywhere.
    expect(labels.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/zoeken?offset=1&labels=Intern',
      '/zoeken?offset=1&labels=Geen+labels',
    ])
    expect(calls.some((url) => url.pathname === employeeApi(apiPaths.labelsAggregation))).toBe(true)
  })
})
