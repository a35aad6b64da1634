import { useAuth } from './AuthContext.tsx'
import { Button } from '../ui/nlds.ts'
import { SIGN_IN_TEXTS as TEXTS } from './texts.ts'

/**
 * What a visitor sees on a screen for employees (a bookmark, a shared link): what the screen is
 * for and a way to sign in. The heading stays that of the screen, so the title and the page agree.
 */
export function SignInRequired({ heading, purpose }: { heading: string; purpose: string }) {
  const { signIn } = useAuth()
  return (
    <section className="portal-empty" aria-labelledby="alleen-medewerkers">
      <h1 id="alleen-medewerkers" className="utrecht-heading-1">
        {heading}
      </h1>
      <p className="utrecht-paragraph">{purpose}</p>
      <p className="utrecht-paragraph">{TEXTS.visitor}</p>
      <Button appearance="primary-action-button" onClick={() => void signIn()}>
        {TEXTS.signIn}
      </Button>
    </section>
  )
}
