import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppStart } from '../shared/auth/start.ts'
import { testSession } from '../test/auth.ts'
import { createTestQueryClient, json, stubApi } from '../test/render.tsx'
import { App } from './App.tsx'
import { FirstVisitDialog, storeChoiceAndReload } from './first-visit.tsx'

afterEach(() => vi.unstubAllGlobals())

/** The app as it renders after start-up ended in `start` (start-up itself: features/auth). */
async function renderApp(start: AppStart = { kind: 'choose' }) {
  stubApi(() => json({ Results: [], Total: 0 }))
  // Awaited, so React renders again once the start-up promise has settled.
  await act(async () => {
    render(<App queryClient={createTestQueryClient()} start={Promise.resolve(start)} />)
  })
}

describe('first visit', () => {
  it('shows a labelled modal with the logo, the heading and both choices on a grey page', async () => {
    await renderApp()
    const dialog = await screen.findByRole('dialog', { name: 'Bent u op zoek naar' })
    expect(dialog).toHaveAttribute('open')
    expect(screen.getByRole('img', { name: 'Dataportaal Teststad' })).toHaveAttribute(
      'src',
      '/logo.svg',
    )
    expect(screen.getByRole('button', { name: 'Het openbare Dataportaal' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Inloggen voor medewerkers' })).toBeVisible()
    expect(document.body).toHaveClass('portal-first-visit')
    // Nothing of the portal behind it.
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
  })

  it('shows the portal without the pop-up once start-up found a visitor', async () => {
    await renderApp({ kind: 'portal', session: testSession().session })
    expect(await screen.findByRole('search')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('passes the clicked choice on', async () => {
    const onChoose = vi.fn()
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <FirstVisitDialog onChoose={onChoose} />
      </QueryClientProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Het openbare Dataportaal' }))
    expect(onChoose).toHaveBeenLastCalledWith('open')
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen voor medewerkers' }))
    expect(onChoose).toHaveBeenLastCalledWith('employees')
  })

  it('stores the choice and reloads', () => {
    const reload = vi.fn()
    storeChoiceAndReload('open', reload)
    expect(window.localStorage.getItem('choice')).toBe('open')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('cannot be dismissed with Escape: a choice is required', async () => {
    await renderApp()
    const dialog = await screen.findByRole('dialog')
    const cancel = new Event('cancel', { cancelable: true })
    dialog.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
  })
})

describe('the app before and around start-up', () => {
  it('shows only a loading state while start-up runs or the page leaves for sign-in', async () => {
    const pending = new Promise<AppStart>(() => {})
    await act(async () => {
      render(<App queryClient={createTestQueryClient()} start={pending} />)
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Het dataportaal wordt geladen…')
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
  })

  it('says so when the portal cannot be reached', async () => {
    await renderApp({ kind: 'unavailable' })
    expect(await screen.findByRole('alert')).toHaveTextContent('niet bereikbaar')
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument()
  })
})
