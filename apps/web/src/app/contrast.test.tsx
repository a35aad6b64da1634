import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestQueryClient } from '../test/render.tsx'
import { ContrastToggle, applyContrast, isContrastStored } from './contrast.tsx'

const html = document.documentElement

afterEach(() => html.classList.remove('portal-contrast'))

describe('contrast mode', () => {
  it('toggles the contrast class on the page and remembers it as `contrast`', async () => {
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ContrastToggle />
      </QueryClientProvider>,
    )
    const toggle = screen.getByRole('button', { name: 'Hoog contrast' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')

    await userEvent.click(toggle)
    expect(html).toHaveClass('portal-contrast')
    expect(window.localStorage.getItem('contrast')).toBe('true')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')

    await userEvent.click(toggle)
    expect(html).not.toHaveClass('portal-contrast')
    expect(window.localStorage.getItem('contrast')).toBe('false')
  })

  it('is restored on load from storage', () => {
    window.localStorage.setItem('contrast', 'true')
    applyContrast(isContrastStored())
    expect(html).toHaveClass('portal-contrast')
    render(<ContrastToggle />)
    expect(screen.getByRole('button', { name: 'Hoog contrast' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it('is off without a stored value', () => {
    applyContrast(isContrastStored())
    expect(html).not.toHaveClass('portal-contrast')
  })
})
