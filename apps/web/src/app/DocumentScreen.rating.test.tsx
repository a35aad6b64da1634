import { apiPaths, type DocumentDetail, type RatingState } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi, type RenderOptions } from '../test/render.tsx'
import { DocumentScreen } from './DocumentScreen.tsx'
import { DOCUMENT_ID, aDocument, employeeApi, heldAnswer, signedIn } from '../test/documents.ts'
import { DOCUMENT_PATH, documentHref } from '../shared/routes.ts'

afterEach(() => vi.unstubAllGlobals())

const RATING_URL = employeeApi(apiPaths.rating(DOCUMENT_ID))
const RESET_URL = employeeApi(apiPaths.resetRating(DOCUMENT_ID))

/** The document page's calls, with the rating calls answered by `rating`. */
function stubServer(detail: DocumentDetail, rating: (url: URL) => Promise<Response> | Response) {
  return stubApi((url, init) => {
    if (url.pathname === RATING_URL || url.pathname === RESET_URL) {
      expect(init?.method).toBe('PUT')
      return rating(url)
    }
    if (url.pathname.endsWith(apiPaths.document(DOCUMENT_ID))) return json(detail)
    if (url.pathname === employeeApi(apiPaths.followedTags)) return json({ Results: [], Total: 0 })
    return new Response(null, { status: 204 })
  })
}

const renderDocument = (options: RenderOptions) =>
  renderAt(<DocumentScreen />, documentHref(DOCUMENT_ID), DOCUMENT_PATH, options)

const average = (name: RegExp) => screen.findByRole('img', { name })

describe('own rating on the document page', () => {
  it('sends rating=n and shows the new average and count at once', async () => {
    const answer = heldAnswer()
    const { calls } = stubServer(aDocument(), async () => {
      await answer.released
      return json({ rating: 5, averageRating: 4.3, ratingCount: 4 } satisfies RatingState)
    })
    renderDocument(signedIn())

    expect(await average(/^Gemiddeld 4 van 5 sterren \(3 beoordelingen\)$/)).toBeVisible()
    const group = screen.getByRole('group', { name: 'Uw beoordeling' })
    expect(group).toHaveTextContent('U hebt dit document nog niet beoordeeld.')

    await userEvent.click(screen.getByRole('radio', { name: '5 sterren' }))

    // Before the server has answered.
    expect(screen.getByRole('radio', { name: '5 sterren' })).toBeChecked()
    expect(await average(/^Gemiddeld 4,3 van 5 sterren \(4 beoordelingen\)$/)).toBeVisible()
    expect(group).toHaveTextContent('U gaf dit document 5 sterren.')
    const put = calls.find((url) => url.pathname === RATING_URL)
    expect(put?.searchParams.get('rating')).toBe('5')

    answer.release()
    await waitFor(() => expect(screen.getByText('Beoordeling verwijderen')).toBeVisible())
    expect(screen.getByRole('img', { name: /^Gemiddeld 4,3 van 5/ })).toBeVisible()
  })

  it('is keyboard operable as a radio group with a label per star', async () => {
    stubServer(aDocument({ contentUserUse: { favorited: false, rating: 2 } }), (url) =>
      json({
        rating: Number(url.searchParams.get('rating')),
        averageRating: 4.3,
        ratingCount: 3,
      } satisfies RatingState),
    )
    renderDocument(signedIn())

    // The stars only: the page has other radio buttons ('Volg via e-mail').
    const stars = await screen.findByRole('group', { name: 'Uw beoordeling' })
    expect(within(stars).getAllByRole('radio')).toHaveLength(5)
    for (const name of ['1 ster', '2 sterren', '3 sterren', '4 sterren', '5 sterren']) {
      expect(screen.getByRole('radio', { name })).toBeInTheDocument()
    }
    expect(screen.getByRole('radio', { name: '2 sterren' })).toBeChecked()
    screen.getByRole('radio', { name: '2 sterren' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: '3 sterren' })).toBeChecked()
    expect(screen.getByRole('radio', { name: '3 sterren' })).toHaveFocus()
  })

  it('removes the own rating with resetrating', async () => {
    const { calls } = stubServer(
      aDocument({
        averageRating: 4,
        ratingCount: 2,
        contentUserUse: { favorited: false, rating: 5 },
      }),
      () => json({ rating: null, averageRating: 3, ratingCount: 1 } satisfies RatingState),
    )
    renderDocument(signedIn())

    await userEvent.click(await screen.findByRole('button', { name: 'Beoordeling verwijderen' }))

    expect(await average(/^Gemiddeld 3 van 5 sterren \(1 beoordeling\)$/)).toBeVisible()
    expect(screen.getByRole('group', { name: 'Uw beoordeling' })).toHaveTextContent(
      'U hebt dit document nog niet beoordeeld.',
    )
    expect(
      screen.queryByRole('button', { name: 'Beoordeling verwijderen' }),
    ).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '1 ster' })).toHaveFocus()
    expect(calls.some((url) => url.pathname === RESET_URL)).toBe(true)
  })

  it('goes back to the old rating and average when the server refuses', async () => {
    stubServer(aDocument(), () => json({ title: 'Er ging iets mis', status: 500 }, 500))
    renderDocument(signedIn())

    await userEvent.click(await screen.findByRole('radio', { name: '1 ster' }))

    expect(
      await screen.findByText(
        'Uw beoordeling kon niet worden opgeslagen. Probeer het later opnieuw.',
      ),
    ).toBeVisible()
    expect(screen.getByRole('img', { name: /^Gemiddeld 4 van 5 sterren \(3/ })).toBeVisible()
    expect(screen.getByRole('radio', { name: '1 ster' })).not.toBeChecked()
  })

  it('is not there for a visitor, who sees the average only', async () => {
    stubApi(() => json(aDocument({ contentUserUse: undefined })))
    renderDocument({})
    expect(await average(/^Gemiddeld 4 van 5/)).toBeVisible()
    expect(screen.queryByRole('radio', { name: /ster/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Uw beoordeling' })).not.toBeInTheDocument()
  })
})
