import type { DocumentSummary } from '@dataportaal/contract'
import { Link } from 'react-router'
import { useFollowedThemeDocuments, useFollowedThemes } from '../../shared/following/api.ts'
import { searchHref, documentHref } from '../../shared/routes.ts'
import { formatDate } from '../../shared/format.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'

export const FOLLOWED_TEXTS = {
  heading: 'Nieuw in uw thema’s',
  loading: 'Nieuwe documenten in uw thema’s worden geladen…',
  error: 'De nieuwe documenten in uw thema’s konden niet worden geladen.',
  following: 'U volgt:',
  noThemes: 'U volgt nog geen thema’s.',
  howTo:
    'Kies ‘Volg’ bij een thema op de pagina van een document, of bij de filters van de zoekresultaten. Nieuwe documenten in dat thema ziet u dan hier.',
  browse: 'Bekijk alle thema’s in de zoekresultaten',
  noDocuments: 'Er zijn nog geen gepubliceerde documenten in de thema’s die u volgt.',
  published: 'Gepubliceerd',
  themes: 'Thema’s:',
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
            <Link className="utrecht-link" to={searchHref()}>
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
                <Link className="utrecht-link" to={searchHref({ tags: [theme] })}>
                  {theme}
                </Link>
              </span>
            ))}
          </p>
          {documents.data?.Results.length === 0 ? (
            <p className="utrecht-paragraph">{FOLLOWED_TEXTS.noDocuments}</p>
          ) : (
            <ul className="portal-home__recent">
              {documents.data?.Results.map((document) => (
                <FollowedDocument key={document.contentUID} document={document} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

function FollowedDocument({ document }: { document: DocumentSummary }) {
  const when = document.published ?? document.date
  return (
    <li className="portal-home__card">
      <h3 className="utrecht-heading-3">
        <Link className="utrecht-link" to={documentHref(document.contentUID)}>
          {document.title}
        </Link>
      </h3>
      <p className="utrecht-paragraph portal-home__meta">
        {document.contentTypeName} · {document.sourceFriendlyName} · {FOLLOWED_TEXTS.published}{' '}
        <time dateTime={when}>{formatDate(when)}</time>
      </p>
      {document.themes && document.themes.length > 0 && (
        <p className="utrecht-paragraph portal-home__meta">
          {FOLLOWED_TEXTS.themes} {document.themes.join(', ')}
        </p>
      )}
    </li>
  )
}
