import { Link } from 'react-router'
import { signIn } from './sign-in.ts'
import { useAuth } from './AuthContext.tsx'
import { usePageTitle } from '../page-title.ts'
import { HOME_PATH } from '../routes.ts'
import { Button } from '../ui/nlds.ts'
import { SIGN_IN_TEXTS as TEXTS } from './texts.ts'

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
            <Link className="utrecht-link" to={HOME_PATH}>
              {TEXTS.home}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}
