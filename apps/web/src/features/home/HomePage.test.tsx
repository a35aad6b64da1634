import { API_PREFIX, ATOM_MEDIA_TYPE, apiPaths } from '@dataportaal/contract'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { HomePage } from './HomePage.tsx'

const FEED_PATH = `${API_PREFIX.public}${apiPaths.documentsFeed}`

afterEach(() => vi.unstubAllGlobals())

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
