import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../shared/ui/nlds.ts'
import { ChevronIcon, UserIcon } from '../shared/ui/icons.tsx'
import { signIn } from './account.ts'

/** A disclosure: toggles on its button, closes on an outside click and on Escape. */
export function UserMenu() {
  const [open, setOpen] = useState(false)
  const container = useRef<HTMLDivElement>(null)
  const toggleButton = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleButton.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div className="portal-user-menu" ref={container}>
      <Button
        ref={toggleButton}
        appearance="subtle-button"
        className="portal-header__action"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        <span>Niet ingelogd</span>
        <ChevronIcon />
      </Button>
      <ul id={menuId} className="portal-user-menu__list" hidden={!open}>
        <li>
          <Button appearance="subtle-button" onClick={signIn}>
            Inloggen
          </Button>
        </li>
      </ul>
    </div>
  )
}
