import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { SearchBar, SEARCH_TEXTS } from './SearchBar.tsx'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}

const page = (
  <>
    <SearchBar />
    <Where />
  </>
)

function renderBar() {
  const api = stubApi((url) =>
    url.pathname.startsWith('/pubapi/complete/')
      ? json(['bevolking', 'bevolkingsgroei', 'bevolkingsdichtheid'])
      : json({ title: 'Niet gevonden', status: 404 }, 404),
  )
  const view = renderRoutes([
    { path: '/', element: page },
    { path: '/zoeken', element: page },
  ])
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  return { ...api, ...view, user, input: screen.getByRole('combobox') }
}

const completeCalls = (calls: URL[]) =>
  calls.filter((url) => url.pathname.startsWith('/pubapi/complete/')).map((url) => url.pathname)

describe('search bar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('asks for suggestions once, after the last keystroke (exact timing: use-debounced.test)', async () => {
    const { user, input, calls } = renderBar()
    await user.type(input, 'bev')
    expect(completeCalls(calls)).toEqual([])

    act(() => vi.advanceTimersByTime(200))
    expect(await screen.findByRole('option', { name: 'bevolking' })).toBeVisible()
    expect(completeCalls(calls)).toEqual(['/pubapi/complete/bev'])
    expect(input).toHaveAttribute('aria-expanded', 'true')
  })

  it('does not ask for suggestions for one character, even with spaces around it', async () => {
    const { user, input, calls } = renderBar()
    await user.type(input, '  B ')
    act(() => vi.advanceTimersByTime(1000))
    expect(completeCalls(calls)).toEqual([])
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('lowercases and trims what it asks suggestions for', async () => {
    const { user, input, calls } = renderBar()
    await user.type(input, ' BEV ')
    act(() => vi.advanceTimersByTime(200))
    await screen.findByRole('option', { name: 'bevolking' })
    expect(completeCalls(calls)).toEqual(['/pubapi/complete/bev'])
  })

  it('moves through suggestions with the arrows, fills the input and searches with Enter', async () => {
    const { user, input } = renderBar()
    await user.type(input, 'bev')
    act(() => vi.advanceTimersByTime(200))
    await screen.findByRole('option', { name: 'bevolking' })

    await user.keyboard('{ArrowDown}')
    expect(input).toHaveValue('bevolking')
    expect(screen.getByRole('option', { name: 'bevolking' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'bevolking' }).id,
    )

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(input).toHaveValue('bevolkingsgroei')

    await user.keyboard('{Enter}')
    expect(screen.getByTestId('where')).toHaveTextContent('/zoeken?query=bevolkingsgroei&offset=1')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('goes back to the typed text after the last suggestion', async () => {
    const { user, input } = renderBar()
    await user.type(input, 'bev')
    act(() => vi.advanceTimersByTime(200))
    await screen.findByRole('option', { name: 'bevolking' })
    await user.keyboard('{ArrowUp}')
    expect(input).toHaveValue('bevolkingsdichtheid')
    await user.keyboard('{ArrowDown}')
    expect(input).toHaveValue('bev')
  })

  it('closes the suggestions on Escape', async () => {
    const { user, input } = renderBar()
    await user.type(input, 'bev')
    act(() => vi.advanceTimersByTime(200))
    await screen.findByRole('option', { name: 'bevolking' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('searches with a clicked suggestion', async () => {
    const { user, input } = renderBar()
    await user.type(input, 'bev')
    act(() => vi.advanceTimersByTime(200))
    await user.click(await screen.findByRole('option', { name: 'bevolkingsdichtheid' }))
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/zoeken?query=bevolkingsdichtheid&offset=1',
    )
  })

  it('searches with the search button, trimming the query', async () => {
    const { user, input } = renderBar()
    await user.type(input, '  fiets  ')
    await user.click(screen.getByRole('button', { name: SEARCH_TEXTS.submit }))
    expect(screen.getByTestId('where')).toHaveTextContent('/zoeken?query=fiets&offset=1')
  })

  it('shows the empty-query state instead of navigating for one character', async () => {
    const { user, input } = renderBar()
    await user.type(input, 'a{Enter}')
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/)
    expect(input).toHaveValue('')
    expect(input).toHaveAttribute('placeholder', 'Typ uw zoekterm in de balk')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Typ uw zoekterm in de balk')

    await user.type(input, 'w')
    expect(input).toHaveAttribute('placeholder', 'Zoek datasets, rapporten, kaarten en meer')
    expect(input).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('shows the empty-query state for an empty search', async () => {
    const { input } = renderBar()
    fireEvent.submit(input.closest('form')!)
    expect(input).toHaveAttribute('placeholder', 'Typ uw zoekterm in de balk')
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/)
  })

  it('shows the query of the results page it is on', () => {
    stubApi(() => json([]))
    renderRoutes([{ path: '/zoeken', element: page }], '/zoeken?query=wonen&offset=2')
    expect(screen.getByRole('combobox')).toHaveValue('wonen')
  })
})
