import { useSyncExternalStore } from 'react'
import { Button } from '../shared/ui/nlds.ts'
import { readStorage, writeStorage } from '../shared/storage.ts'
import { ContrastIcon } from '../shared/ui/icons.tsx'

const CONTRAST_CLASS = 'portal-contrast'

export const isContrastStored = () => readStorage('contrast') === 'true'

/** Called before the first render, so a reload never flashes the normal colours. */
export function applyContrast(on: boolean) {
  document.documentElement.classList.toggle(CONTRAST_CLASS, on)
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Yellow text on black on every element (spec section 2), remembered as `contrast`. The
 * colours come from the class public/boot.js sets before the first paint; the button shows
 * the stored setting once the page runs (the server cannot know it).
 */
export function ContrastToggle() {
  const on = useSyncExternalStore(subscribe, isContrastStored, () => false)
  const toggle = () => {
    const next = !on
    writeStorage('contrast', String(next))
    applyContrast(next)
    for (const listener of listeners) listener()
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
