import { useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useAuth } from '../shared/auth/AuthContext.tsx'
import { useConfig } from '../shared/api/config.ts'
import { CloseIcon, MenuIcon } from '../shared/ui/icons.tsx'
import { Button, PageHeader } from '../shared/ui/nlds.ts'
import {
  DATA_QUESTION_PATH,
  FAVORITES_PATH,
  HOME_PATH,
  INFO_PATH,
  MY_DATA_PATH,
} from '../shared/routes.ts'
import { ContrastToggle } from './contrast.tsx'
import { UserMenu } from './UserMenu.tsx'

const NAV_ID = 'hoofdmenu'

export function TopBar() {
  const { logoUrl, portalName, serviceDeskUrl } = useConfig()
  const { authenticated } = useAuth()
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()

  // A followed link closes the small-screen menu.
  const [seenPath, setSeenPath] = useState(location.pathname)
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname)
    setMenuOpen(false)
  }

  return (
    <PageHeader className="portal-header">
      <div className="portal-header__inner">
        <Link to={HOME_PATH} className="portal-logo">
          <img src={logoUrl} alt="" width={40} height={40} />
          <span>{portalName}</span>
        </Link>
        <Button
          appearance="subtle-button"
          className="portal-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span>Menu</span>
        </Button>
        <nav
          id={NAV_ID}
          aria-label="Hoofdmenu"
          className={`portal-nav${menuOpen ? ' portal-nav--open' : ''}`}
        >
          <ul className="portal-nav__links">
            <li>
              {authenticated && serviceDeskUrl ? (
                // Employees ask their data questions at the service desk (spec section 2).
                <a className="portal-nav__link" href={serviceDeskUrl} rel="external">
                  Datavraag
                </a>
              ) : (
                <NavLink className="portal-nav__link" to={DATA_QUESTION_PATH}>
                  Datavraag
                </NavLink>
              )}
            </li>
            {authenticated ? (
              <>
                <li>
                  <NavLink className="portal-nav__link" to={FAVORITES_PATH}>
                    Favorieten
                  </NavLink>
                </li>
                <li>
                  <NavLink className="portal-nav__link" to={MY_DATA_PATH}>
                    Data Uploaden
                  </NavLink>
                </li>
              </>
            ) : null}
            <li>
              <NavLink className="portal-nav__link" to={INFO_PATH}>
                FAQ
              </NavLink>
            </li>
          </ul>
          <ContrastToggle />
          <UserMenu />
        </nav>
      </div>
    </PageHeader>
  )
}
