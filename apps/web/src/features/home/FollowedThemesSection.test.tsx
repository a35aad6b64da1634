import { apiPaths, type DocumentSummary } from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { employeeApi, signedIn } from '../../test/documents.ts'
import { HomePage } from './HomePage.tsx'

afterEach(() => vi.unstubAllGlobals())

const NEW_IN_THEME: DocumentSummary = {
  contentUID: '5a0c7a52-33c4-4f1e-8c59-2d4b8f1e9a10',
  title: 'Fietsparkeren bij stations 2024',
  contentTypeName: 'Rapport',
  sourceFriendlyName: 'Mobiliteit',
  themes: ['Fietsen', 'Verkeer'],
  status: 'goedgekeurd',
  averageRating: null,
  ratingCount: 0,
  contentUserUse: { favorited: false, rating: null },
  owner: null,
  date: '2024-02-01',
  created: '2024-04-01T10:00:00Z',
  modified: '2024-04-01T10:00:00Z',
  published: '2024-04-03T10:00:00Z',
  fileFormats: ['PDF'],
}

/** The home page's calls; the employee follows `followed` and the feed answers `documents`. */
function stubServer(followed: string[], documents: DocumentSummary[]) {
  return stubApi((url) => {
    if (url.pathname === employeeApi(apiPaths.followedTags))
      return json({ Results: followed, Total: followed.length })
    if (url.pathname === employeeApi(apiPaths.followedTagsDocuments))
      return json({ Results: documents, Total: documents.length })
    if (url.pathname.endsWith(apiPaths.search))
      return json({
        Results: [],
        Total: 0,
        Aggregations: {
          sourceFriendlyName: [],
          contentTypeName: [],
          themes: [],
          rating: [],
          date: [],
        },
      })
    return json({ Results: [], Total: 0 })
  })
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Nieuw in uw thema’s' }))

describe('home page: new in the themes an employee follows', () => {
  it('lists the newest approved documents in the followed themes', async () => {
    const { calls } = stubServer(['Fietsen'], [NEW_IN_THEME])
    renderAt(<HomePage />, '/', '*', signedIn())

    const followed = await section()
    const link = await followed.findByRole('link', { name: NEW_IN_THEME.title })
    expect(link).toHaveAttribute('href', `/documenten/${NEW_IN_THEME.contentUID}`)
    expect(link.closest('li')).toHaveTextContent('Rapport · Mobiliteit · Gepubliceerd 3 april 2024')
    expect(followed.getByRole('link', { name: 'Fietsen' })).toHaveAttribute(
      'href',
      '/themas/Fietsen',
    )
    const feed = calls.find((url) => url.pathname === employeeApi(apiPaths.followedTagsDocuments))
    expect(feed?.searchParams.get('pageSize')).toBe('6')
  })

  it('explains how to follow a theme when the employee follows none', async () => {
    const { calls } = stubServer([], [])
    renderAt(<HomePage />, '/', '*', signedIn())

    const followed = await section()
    expect(await followed.findByText('U volgt nog geen thema’s.')).toBeVisible()
    expect(followed.getByText(/Kies ‘Volg’ bij een thema/)).toBeVisible()
    expect(calls.some((url) => url.pathname.endsWith(apiPaths.followedTagsDocuments))).toBe(false)
  })

  it('is not shown to a visitor', async () => {
    stubServer([], [])
    renderAt(<HomePage />)
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Nieuw in uw thema’s' })).not.toBeInTheDocument()
  })
})
