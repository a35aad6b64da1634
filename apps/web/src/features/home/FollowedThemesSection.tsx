import { Link } from 'react-router'
import { PublishedDocumentCard } from '../../shared/documents/PublishedDocumentCard.tsx'
import { useFollowedThemeDocuments, useFollowedThemes } from '../../shared/following/api.ts'
import { THEMES_PATH, themeHref } from '../../shared/routes.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'

export const FOLLOWED_TEXTS = {
  heading: 'Nieuw in uw thema’s',
  loading: 'Nieuwe documenten in uw thema’s worden geladen…',
  error: 'De nieuwe documenten in uw thema’s konden niet worden geladen.',
  following: 'U volgt:',
  noThemes: 'U volgt nog geen thema’s.',
  howTo:
    'Kies ‘Volg’ bij een thema op de pagina van dat thema of van een document, of bij de filters van de zoekresultaten. Nieuwe documenten in dat thema ziet u dan hier.',
  browse: 'Bekijk alle thema’s',
  noDocuments: 'Er zijn nog geen gepubliceerde documenten in de thema’s die u volgt.',
}

/** For a signed-in employee: the newest approved documents in the themes they follow. */
export function FollowedThemesSection() {
  const themes = useFollowedThemes()
  const followed = themes.data?.Results ?? []
  const documents = useFollowedThemeDocuments(followed.length > 0)
  const isPending = themes.isPending || (followed.length > 0 && documents.isPending)
  const isError = themes.isError || documents.isError
  return (
    <section aria-labelledby="home-gevolgd" className="portal-home__followed">
      <h2 id="home-gevolgd" className="utrecht-heading-2">
        {FOLLOWED_TEXTS.heading}
      </h2>
      {isError ? (
        <ErrorState title={FOLLOWED_TEXTS.error} />
      ) : isPending ? (
        <LoadingState label={FOLLOWED_TEXTS.loading} />
      ) : followed.length === 0 ? (
        <>
          <p className="utrecht-paragraph">{FOLLOWED_TEXTS.noThemes}</p>
          <p className="utrecht-paragraph">{FOLLOWED_TEXTS.howTo}</p>
          <p className="utrecht-paragraph">
            <Link className="utrecht-link" to={THEMES_PATH}>
              {FOLLOWED_TEXTS.browse}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="utrecht-paragraph portal-home__following">
            {FOLLOWED_TEXTS.following}{' '}
            {followed.map((theme, index) => (
              <span key={theme}>
                {index > 0 && ', '}
                <Link className="utrecht-link" to={themeHref(theme)}>
                  {theme}
                </Link>
              </span>
            ))}
          </p>
          {documents.data?.Results.length === 0 ? (
            <p className="utrecht-paragraph">{FOLLOWED_TEXTS.noDocuments}</p>
          ) : (
            <ul className="portal-cards">
              {documents.data?.Results.map((document) => (
                <PublishedDocumentCard key={document.contentUID} document={document} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
