import type { DocumentSummary } from '@dataportaal/contract'
import { useRef, useState } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { searchHref, documentHref, favoritesHref } from '../../shared/routes.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { pageCount, pageFromSegment } from '../../shared/pagination/page-count.ts'
import { PagedResults } from '../../shared/pagination/PagedResults.tsx'
import { DateValue, DocumentMeta } from '../../shared/ui/DocumentMeta.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { FAVORITES_PAGE_SIZE, useFavorites, useRemoveFavorite } from './api.ts'
import { FAVORITE_TEXTS } from '../../shared/documents/favorite-texts.ts'
import { FAVORITES_PAGE_TEXTS as TEXTS } from './texts.ts'
// The star's message styles, which the remove button's message shares.
import '../../shared/documents/favorite.css'
import './favorites.css'

/** /favorieten and /favorieten/:page: the employee's favourites, ten per page. */
export function FavoritesPage() {
  const { authenticated, signIn } = useAuth()
  // '/favorieten' is page 1, '/favorieten/2' page 2; anything else goes to page 1.
  const page = pageFromSegment(useParams().page)
  usePageTitle(authenticated && page ? TEXTS.pageTitle(page) : TEXTS.title)

  if (!authenticated) {
    return (
      <section className="portal-empty" aria-labelledby="favorieten-titel">
        <h1 id="favorieten-titel" className="utrecht-heading-1">
          {TEXTS.title}
        </h1>
        <p className="utrecht-paragraph">{TEXTS.purpose}</p>
        <p className="utrecht-paragraph">{TEXTS.visitor}</p>
        <Button appearance="primary-action-button" onClick={() => void signIn()}>
          {TEXTS.signIn}
        </Button>
      </section>
    )
  }
  if (page === null) return <Navigate to={favoritesHref()} replace />
  return <Favorites page={page} />
}

function Favorites({ page }: { page: number }) {
  const favorites = useFavorites(page)
  const heading = useRef<HTMLHeadingElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const { data } = favorites
  const pages = data ? pageCount(data.Total, FAVORITES_PAGE_SIZE) : 0

  // The removed item's button is gone: focus goes to the heading, the status says what happened.
  const onRemoved = (title: string) => {
    setAnnouncement(TEXTS.removed(title))
    heading.current?.focus()
  }

  return (
    <section className="portal-favorites" aria-labelledby="favorieten-titel">
      <h1 id="favorieten-titel" ref={heading} tabIndex={-1} className="utrecht-heading-1">
        {TEXTS.title}
      </h1>
      <p className="utrecht-paragraph" role="status">
        {announcement ||
          (data && data.Total > 0
            ? TEXTS.total(data.Total) + (pages > 1 ? TEXTS.pageOf(page, pages) : '')
            : '')}
      </p>
      <PagedResults
        query={favorites}
        page={page}
        pageSize={FAVORITES_PAGE_SIZE}
        hrefFor={favoritesHref}
        paginationLabel={TEXTS.paginationLabel}
        onNavigate={() => {
          setAnnouncement('')
          heading.current?.focus()
        }}
        error={{ title: TEXTS.error, retry: TEXTS.retry }}
        loading={TEXTS.loading}
        empty={<NoFavorites />}
        // Past the last page (the last item of a page was just removed, or an old link).
        pastTheEnd={(last) =>
          !favorites.isPlaceholderData && <Navigate to={favoritesHref(last)} replace />
        }
      >
        {(list) => (
          <ol className="portal-favorites-list" aria-label={TEXTS.listLabel}>
            {list.Results.map((document) => (
              <FavoriteItem key={document.contentUID} document={document} onRemoved={onRemoved} />
            ))}
          </ol>
        )}
      </PagedResults>
    </section>
  )
}

function NoFavorites() {
  return (
    <div className="portal-favorites-empty">
      <h2 className="utrecht-heading-2">{TEXTS.emptyHeading}</h2>
      <p className="utrecht-paragraph">{TEXTS.emptyBody}</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={searchHref()}>
          {TEXTS.emptySearch}
        </Link>
      </p>
    </div>
  )
}

function FavoriteItem({
  document,
  onRemoved,
}: {
  document: DocumentSummary
  onRemoved: (title: string) => void
}) {
  const remove = useRemoveFavorite(document.contentUID, () => onRemoved(document.title))
  const themes = document.themes ?? []
  return (
    <li className="portal-favorites-item">
      <div>
        <h2 className="utrecht-heading-2">
          <Link className="utrecht-link" to={documentHref(document.contentUID)}>
            {document.title}
          </Link>
        </h2>
        <DocumentMeta
          items={[
            { label: TEXTS.meta.type, value: document.contentTypeName },
            { label: TEXTS.meta.source, value: document.sourceFriendlyName },
            { label: TEXTS.meta.date, value: <DateValue value={document.date} /> },
          ]}
        />
        {themes.length > 0 && (
          <ul className="portal-favorites-themes" aria-label={TEXTS.themes}>
            {themes.map((theme) => (
              <li key={theme} className="portal-favorites-theme">
                {theme}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="portal-favorites-remove">
        <Button
          appearance="secondary-action-button"
          busy={remove.isPending}
          aria-disabled={remove.isPending || undefined}
          aria-label={FAVORITE_TEXTS.named(FAVORITE_TEXTS.remove, document.title)}
          onClick={() => {
            if (!remove.isPending) remove.mutate()
          }}
        >
          {remove.isPending && <span className="portal-spinner" aria-hidden="true" />}
          {FAVORITE_TEXTS.remove}
        </Button>
        <span role="status" className="portal-favorite__message">
          {remove.isError ? TEXTS.removeFailed(document.title) : ''}
        </span>
      </div>
    </li>
  )
}
