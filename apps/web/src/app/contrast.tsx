import { useState } from 'react'
import { Button } from '../shared/ui/nlds.ts'
import { readStorage, writeStorage } from '../shared/storage.ts'
import { ContrastIcon } from '../shared/ui/icons.tsx'

const CONTRAST_CLASS = 'portal-contrast'

export const isContrastStored = () => readStorage('contrast') === 'true'

/** Called before the first render, so a reload never flashes the normal colours. */
export function applyContrast(on: boolean) {
  document.documentElement.classList.toggle(CONTRAST_CLASS, on)
}

/** Yellow text on black on every element (spec section 2), remembered as `contrast`. */
export function ContrastToggle() {
  const [on, setOn] = useState(isContrastStored)
  const toggle = () => {
    const next = !on
    setOn(next)
    writeStorage('contrast', String(next))
    applyContrast(next)
  }
  return (
    <Button
      appearance="subtle-button"
      className="portal-header__action"
      pressed={on}
      onClick={toggle}
    >
      <ContrastIcon />
      <span>Hoog contrast</span>
    </Button>
  )
}
