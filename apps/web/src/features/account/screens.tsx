import { Link } from 'react-router'
import { signIn } from '../../app/account.ts'
import { useAuth } from '../auth/AuthContext.tsx'
import { usePageTitle } from '../../shared/page-title.ts'
import { Button } from '../../shared/ui/nlds.ts'

const TEXTS = {
  visitor:
    'Deze pagina is alleen beschikbaar voor medewerkers van de gemeente. Log in met uw werkaccount om verder te gaan.',
  notAdmin: 'Deze pagina is alleen beschikbaar voor beheerders van het dataportaal.',
  coming: 'Deze functie wordt op dit moment aan het dataportaal toegevoegd.',
  signIn: 'Inloggen',
  home: 'Naar de startpagina',
}

/**
 * Screens for signed-in employees and admins, until their features land. A visitor who
 * opens one (a bookmark, a shared link) is told what the screen is for and can sign in;
 * an employee without the role is told who may use it.
 */
export function SignedInOnly({
  title,
  purpose,
  audience = 'employee',
}: {
  title: string
  purpose: string
  audience?: 'employee' | 'admin'
}) {
  usePageTitle(title)
  const { authenticated, isAdmin } = useAuth()
  const allowed = authenticated && (audience === 'employee' || isAdmin)
  return (
    <section className="portal-empty" aria-labelledby="alleen-medewerkers">
      <h1 id="alleen-medewerkers" className="utrecht-heading-1">
        {title}
      </h1>
      <p className="utrecht-paragraph">{purpose}</p>
      {!authenticated && (
        <>
          <p className="utrecht-paragraph">{TEXTS.visitor}</p>
          <Button appearance="primary-action-button" onClick={signIn}>
            {TEXTS.signIn}
          </Button>
        </>
      )}
      {authenticated && (
        <>
          <p className="utrecht-paragraph">{allowed ? TEXTS.coming : TEXTS.notAdmin}</p>
          <p className="utrecht-paragraph">
            <Link className="utrecht-link" to="/">
              {TEXTS.home}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}
