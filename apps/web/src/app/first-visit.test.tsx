import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestQueryClient, json, stubApi } from '../test/render.tsx'
import { App } from './App.tsx'
import { FirstVisitDialog, needsFirstVisitChoice, storeChoiceAndReload } from './first-visit.tsx'

afterEach(() => vi.unstubAllGlobals())

function renderApp() {
  stubApi(() => json({ Results: [], Total: 0 }))
  return render(<App queryClient={createTestQueryClient()} />)
}

describe('first visit', () => {
  it('asks for a choice when none is stored', () => {
    expect(needsFirstVisitChoice()).toBe(true)
  })

  it('does not ask once a choice is stored, or when signed out explicitly', () => {
    window.localStorage.setItem('choice', 'open')
    expect(needsFirstVisitChoice()).toBe(false)
    window.localStorage.clear()
    window.localStorage.setItem('authenticated', 'false')
    expect(needsFirstVisitChoice()).toBe(false)
  })

  it('shows a labelled modal with the logo, the heading and both choices on a grey page', async () => {
    renderApp()
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

  it('shows the portal without the pop-up when a choice is stored', async () => {
    window.localStorage.setItem('choice', 'open')
    renderApp()
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
    renderApp()
    const dialog = await screen.findByRole('dialog')
    const cancel = new Event('cancel', { cancelable: true })
    dialog.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
  })
})
