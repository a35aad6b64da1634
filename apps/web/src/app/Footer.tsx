import { Link } from 'react-router'
import { useAuth } from '../shared/auth/AuthContext.tsx'
import { useConfig } from '../shared/api/config.ts'
import { ExternalLink } from '../shared/ui/nlds.ts'
import { FAVORITES_PATH, INFO_PATH, THEMES_PATH } from '../shared/routes.ts'

export function Footer() {
  const { footerLinks, portalName } = useConfig()
  const { authenticated } = useAuth()
  const links = [
    { href: footerLinks.privacy, label: 'Privacy- en cookieverklaring' },
    { href: footerLinks.disclaimer, label: 'Disclaimer' },
    { href: footerLinks.accessibility, label: 'Toegankelijkheidsverklaring' },
    { href: footerLinks.city, label: 'Website van de gemeente' },
  ]
  return (
    <footer className="utrecht-page-footer portal-footer">
      <div className="portal-footer__inner">
        <p className="utrecht-paragraph portal-footer__name">{portalName}</p>
        <nav aria-label="Voettekst">
          <ul className="portal-footer__links">
            <li>
              <Link className="utrecht-link" to={THEMES_PATH}>
                Thema’s
              </Link>
            </li>
            {authenticated ? (
              <>
                <li>
                  <Link className="utrecht-link" to={FAVORITES_PATH}>
                    Favorieten
                  </Link>
                </li>
                <li>
                  <Link className="utrecht-link" to={INFO_PATH}>
                    FAQ
                  </Link>
                </li>
              </>
            ) : null}
            {links.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href} external>
                  {link.label}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
