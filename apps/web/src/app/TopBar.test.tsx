import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthState } from '../shared/auth/auth-state.ts'
import { openCountQueryKey } from '../shared/documents/open-count.ts'
import { ADMIN, EMPLOYEE, testSession } from '../test/auth.ts'
import { TEST_CONFIG, json, renderAt, stubApi, type RenderOptions } from '../test/render.tsx'
import { Footer } from './Footer.tsx'
import { TopBar } from './TopBar.tsx'

afterEach(() => vi.unstubAllGlobals())

const renderTopBar = (options?: RenderOptions) =>
  renderAt(
    <>
      <TopBar />
      <p>Buiten het menu</p>
      <Footer />
    </>,
    '/',
    '*',
    options,
  )

const SERVICE_DESK = 'https://servicedesk.voorbeeldstad.nl/datavraag'
const ADMIN_ITEMS = ['Dashboard', 'Data Validatie', "Thema's", 'Labels', 'Harvesten']

/** Signed in as `state`; the API answers the open validation count with `openCount`. */
function renderSignedIn(state: AuthState, openCount = 0) {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('token', 'h.p.s')
  const api = stubApi(() => json({ Results: [], Total: openCount }))
  const { session, auth } = testSession(state)
  const view = renderTopBar({ auth: session, config: { serviceDeskUrl: SERVICE_DESK } })
  return { ...view, ...api, auth }
}

const banner = () => screen.getByRole('banner')

describe('top bar for a visitor', () => {
  it('links the logo home and shows Datavraag (internal) and FAQ', () => {
    renderTopBar()
    expect(screen.getByRole('link', { name: TEST_CONFIG.portalName })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Datavraag' })).toHaveAttribute('href', '/datavraag')
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/info')
    expect(screen.queryByRole('link', { name: 'Favorieten' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Data Uploaden' })).not.toBeInTheDocument()
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

describe('top bar for an employee', () => {
  it('shows Favorieten, Data Uploaden and the service desk as Datavraag', async () => {
    renderSignedIn(EMPLOYEE)
    const bar = within(banner())
    expect(bar.getByRole('link', { name: 'Favorieten' })).toHaveAttribute('href', '/favorieten')
    expect(bar.getByRole('link', { name: 'Data Uploaden' })).toHaveAttribute('href', '/data')
    expect(bar.getByRole('link', { name: 'Datavraag' })).toHaveAttribute('href', SERVICE_DESK)
    expect(bar.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/info')
  })

  it('keeps Datavraag internal when no service desk is configured', () => {
    window.localStorage.setItem('authenticated', 'true')
    stubApi(() => json({ Results: [], Total: 0 }))
    renderTopBar({ auth: testSession(EMPLOYEE).session })
    expect(screen.getByRole('link', { name: 'Datavraag' })).toHaveAttribute('href', '/datavraag')
  })

  it("shows the user's name and no badge while nothing awaits validation", async () => {
    const { calls } = renderSignedIn(EMPLOYEE, 0)
    expect(screen.getByRole('button', { name: 'Mirjam Medewerker' })).toBeInTheDocument()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.pathname).toBe(`${API_PREFIX.authenticated}${apiPaths.userDocuments}`)
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      status: 'openstaand',
      pageSize: '1',
    })
    expect(document.querySelector('.utrecht-badge-counter')).toBeNull()
  })

  it('shows a badge with the count of their own documents awaiting validation', async () => {
    renderSignedIn(EMPLOYEE, 3)
    const toggle = await screen.findByRole('button', {
      name: 'Mirjam Medewerker, 3 documenten wachten op validatie',
    })
    expect(within(toggle).getByText('3')).toHaveClass('utrecht-badge-counter')
  })

  it('offers only Uitloggen in the menu, no admin items', async () => {
    renderSignedIn(EMPLOYEE)
    await userEvent.click(screen.getByRole('button', { name: /Mirjam Medewerker/ }))
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeVisible()
    for (const item of ADMIN_ITEMS) {
      expect(screen.queryByRole('link', { name: item })).not.toBeInTheDocument()
    }
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument()
  })

  it('logs out with Uitloggen', async () => {
    const { auth } = renderSignedIn(EMPLOYEE)
    await userEvent.click(screen.getByRole('button', { name: /Mirjam Medewerker/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Uitloggen' }))
    await vi.waitFor(() => expect(auth.redirectToSignOut).toHaveBeenCalledOnce())
    expect(window.localStorage.getItem('authenticated')).toBe('false')
    expect(window.localStorage.getItem('choice')).toBeNull()
  })

  it('adds Favorieten and FAQ to the footer', () => {
    renderSignedIn(EMPLOYEE)
    const footer = within(screen.getByRole('navigation', { name: 'Voettekst' }))
    expect(footer.getByRole('link', { name: 'Favorieten' })).toHaveAttribute('href', '/favorieten')
    expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/info')
  })
})

describe('top bar for an admin', () => {
  it('counts all documents awaiting validation', async () => {
    const { calls } = renderSignedIn(ADMIN, 12)
    expect(
      await screen.findByRole('button', {
        name: 'Bert Beheerder, 12 documenten wachten op validatie',
      }),
    ).toBeInTheDocument()
    expect(calls[0]!.pathname).toBe(`${API_PREFIX.authenticated}${apiPaths.validationList}`)
    expect(calls[0]!.searchParams.get('status')).toBe('openstaand')
  })

  it("holds Dashboard, Data Validatie, Thema's, Labels and Harvesten, and Uitloggen", async () => {
    renderSignedIn(ADMIN)
    await userEvent.click(screen.getByRole('button', { name: /Bert Beheerder/ }))
    const hrefs = ADMIN_ITEMS.map((item) =>
      screen.getByRole('link', { name: item }).getAttribute('href'),
    )
    expect(hrefs).toEqual(['/dashboard', '/validatie', '/thema', '/tag', '/harvesten'])
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeVisible()
  })

  it('closes the menu when one of its links is followed', async () => {
    renderSignedIn(ADMIN)
    await userEvent.click(screen.getByRole('button', { name: /Bert Beheerder/ }))
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }))
    expect(screen.queryByRole('link', { name: 'Labels' })).not.toBeInTheDocument()
  })

  it('follows the open count when a screen invalidates it', async () => {
    const { queryClient, fetchMock } = renderSignedIn(ADMIN, 2)
    await screen.findByRole('button', { name: /2 documenten wachten/ })
    fetchMock.mockImplementation(async () => json({ Results: [], Total: 1 }))
    await queryClient.invalidateQueries({ queryKey: openCountQueryKey })
    expect(
      await screen.findByRole('button', { name: 'Bert Beheerder, 1 document wacht op validatie' }),
    ).toBeInTheDocument()
  })
})
