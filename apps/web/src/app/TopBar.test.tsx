import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { TEST_CONFIG, renderAt } from '../test/render.tsx'
import { TopBar } from './TopBar.tsx'

const renderTopBar = () =>
  renderAt(
    <>
      <TopBar />
      <p>Buiten het menu</p>
    </>,
  )

describe('top bar for a visitor', () => {
  it('links the logo home and shows Datavraag (internal) and FAQ', () => {
    renderTopBar()
    expect(screen.getByRole('link', { name: TEST_CONFIG.portalName })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Datavraag' })).toHaveAttribute('href', '/datavraag')
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/info')
    expect(screen.queryByRole('link', { name: 'Favorieten' })).not.toBeInTheDocument()
  })

  it('has a user menu showing Niet ingelogd that toggles Inloggen', async () => {
    renderTopBar()
    const toggle = screen.getByRole('button', { name: 'Niet ingelogd' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument()

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeVisible()

    await userEvent.click(toggle)
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument()
  })

  it('closes the user menu on an outside click', async () => {
    renderTopBar()
    await userEvent.click(screen.getByRole('button', { name: 'Niet ingelogd' }))
    await userEvent.click(screen.getByText('Buiten het menu'))
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument()
  })

  it('closes the user menu on Escape and returns focus to its button', async () => {
    renderTopBar()
    const toggle = screen.getByRole('button', { name: 'Niet ingelogd' })
    await userEvent.click(toggle)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Inloggen' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument()
    expect(toggle).toHaveFocus()
  })

  it('opens and closes the navigation with the menu button on small screens', async () => {
    renderTopBar()
    const menu = screen.getByRole('button', { name: 'Menu' })
    const navigation = screen.getByRole('navigation', { name: 'Hoofdmenu' })
    expect(menu).toHaveAttribute('aria-controls', navigation.id)
    expect(menu).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(menu)
    expect(menu).toHaveAttribute('aria-expanded', 'true')
    expect(navigation).toHaveClass('portal-nav--open')
  })
})
