import { signIn } from '../../app/account.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { Button } from '../../shared/ui/nlds.ts'

/**
 * Screens for signed-in employees and admins. A visitor who opens one (a bookmark, a
 * shared link) is told what the screen is for and can sign in from here.
 */
function SignedInOnly({ title, purpose }: { title: string; purpose: string }) {
  usePageTitle(title)
  return (
    <section className="portal-empty" aria-labelledby="alleen-medewerkers">
      <h1 id="alleen-medewerkers" className="utrecht-heading-1">
        {title}
      </h1>
      <p className="utrecht-paragraph">{purpose}</p>
      <p className="utrecht-paragraph">
        Deze pagina is alleen beschikbaar voor medewerkers van de gemeente. Log in met uw
        werkaccount om verder te gaan.
      </p>
      <Button appearance="primary-action-button" onClick={signIn}>
        Inloggen
      </Button>
    </section>
  )
}

export const FavoritesScreen = () => (
  <SignedInOnly
    title="Favorieten"
    purpose="Hier vindt u de documenten die u als favoriet hebt gemarkeerd."
  />
)

export const MyDataScreen = () => (
  <SignedInOnly
    title="Mijn data"
    purpose="Hier beheert u de documenten die u zelf hebt geüpload."
  />
)

export const UploadScreen = () => (
  <SignedInOnly
    title="Data uploaden"
    purpose="Hier uploadt u een nieuw document of een nieuwe dataset."
  />
)

export const EditDocumentScreen = () => (
  <SignedInOnly
    title="Document bewerken"
    purpose="Hier past u een document aan dat u hebt geüpload."
  />
)

export const ValidationScreen = () => (
  <SignedInOnly
    title="Data validatie"
    purpose="Hier keuren beheerders geüploade documenten goed of af."
  />
)

export const DashboardScreen = () => (
  <SignedInOnly title="Dashboard" purpose="Hier zien beheerders de statistieken van het portaal." />
)

export const ThemesScreen = () => (
  <SignedInOnly title="Thema's" purpose="Hier beheren beheerders de thema's en de thesaurus." />
)

export const LabelsScreen = () => (
  <SignedInOnly title="Labels" purpose="Hier beheren beheerders de labels." />
)
