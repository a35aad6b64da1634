import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useAuth } from '../shared/auth/AuthContext.tsx'
import { useOpenValidationCount } from '../shared/documents/open-count.ts'
import { Button } from '../shared/ui/nlds.ts'
import {
  DASHBOARD_PATH,
  HARVEST_ADMIN_PATH,
  LABELS_ADMIN_PATH,
  THEMES_ADMIN_PATH,
  VALIDATION_PATH,
} from '../shared/routes.ts'
import { ChevronIcon, UserIcon } from '../shared/ui/icons.tsx'

/** The admin's screens (spec section 2); the server checks the role again on every call. */
const ADMIN_LINKS = [
  { to: DASHBOARD_PATH, label: 'Dashboard' },
  { to: VALIDATION_PATH, label: 'Data Validatie' },
  { to: THEMES_ADMIN_PATH, label: "Thema's" },
  { to: LABELS_ADMIN_PATH, label: 'Labels' },
  { to: HARVEST_ADMIN_PATH, label: 'Harvesten' },
]

const waitingText = (count: number) =>
  count === 1 ? '1 document wacht op validatie' : `${count} documenten wachten op validatie`

/** The open validation count, read out as a sentence; the digits alone are only visual. */
function OpenCountBadge({ count }: { count: number }) {
  return (
    <>
      <span className="utrecht-badge-counter" aria-hidden="true">
        {count}
      </span>
      <span className="portal-visually-hidden">, {waitingText(count)}</span>
    </>
  )
}

/** A disclosure: toggles on its button, closes on an outside click, on Escape and on navigation. */
export function UserMenu() {
  const { authenticated, isAdmin, userName, signIn, signOut } = useAuth()
  const openCount = useOpenValidationCount({ authenticated, isAdmin })
  const [open, setOpen] = useState(false)
  const container = useRef<HTMLDivElement>(null)
  const toggleButton = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  const location = useLocation()
  const [seenPath, setSeenPath] = useState(location.pathname)
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname)
    setOpen(false)
  }

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
        <span>{authenticated ? userName || 'Ingelogd' : 'Niet ingelogd'}</span>
        {openCount ? <OpenCountBadge count={openCount} /> : null}
        <ChevronIcon />
      </Button>
      <ul id={menuId} className="portal-user-menu__list" hidden={!open}>
        {authenticated && isAdmin
          ? ADMIN_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="portal-user-menu__link" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))
          : null}
        <li>
          {authenticated ? (
            <Button appearance="subtle-button" onClick={() => void signOut()}>
              Uitloggen
            </Button>
          ) : (
            <Button appearance="subtle-button" onClick={() => void signIn()}>
              Inloggen
            </Button>
          )}
        </li>
      </ul>
    </div>
  )
}
