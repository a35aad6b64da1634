import { usePageTitle } from '../shared/page-title.ts'
import { Button } from '../shared/ui/nlds.ts'

/** Shown instead of a blank page when a screen fails to load or render. */
export function RouteError() {
  usePageTitle('Er ging iets mis')
  return (
    <section className="portal-empty" aria-labelledby="fout-titel">
      <h1 id="fout-titel" className="utrecht-heading-1">
        Er ging iets mis
      </h1>
      <p className="utrecht-paragraph">
        Deze pagina kon niet worden geladen. Probeer het opnieuw; blijft het misgaan, kom dan later
        terug.
      </p>
      <Button appearance="primary-action-button" onClick={() => window.location.reload()}>
        Opnieuw laden
      </Button>
    </section>
  )
}
