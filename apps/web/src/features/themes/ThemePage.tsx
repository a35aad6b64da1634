import { useCallback, useRef } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { isNotFound } from '../../shared/api/client.ts'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { PublishedDocumentCard } from '../../shared/documents/PublishedDocumentCard.tsx'
import { documentsFeedHref } from '../../shared/feeds/feed-href.ts'
import { FeedLink } from '../../shared/feeds/FeedLink.tsx'
import { FollowByEmail } from '../../shared/follow-by-email/FollowByEmail.tsx'
import { FollowThemeButton } from '../../shared/following/FollowThemeButton.tsx'
import { usePageTitle } from '../../shared/page-title.ts'
import { pageFromParam } from '../../shared/pagination/page-count.ts'
import { PagedResults } from '../../shared/pagination/PagedResults.tsx'
import { THEMES_PATH, searchHref, themeHref } from '../../shared/routes.ts'
import { ErrorState, LoadingState, NotFoundState } from '../../shared/ui/states.tsx'
import { THEME_PAGE_SIZE, useThemeDocuments, useThemeFollowers } from './api.ts'
import { THEME_TEXTS as TEXTS } from './texts.ts'
import '../../shared/ui/cards.css'

/**
 * /themas/{name}: a theme's published documents, newest first and paged by `offset` as on
 * /zoeken, with its feed; employees also see who follows it and can follow it themselves.
 */
export function ThemePage() {
  const name = useParams().name ?? ''
  const [params] = useSearchParams()
  const page = pageFromParam(params.get('offset'))
  const documents = useThemeDocuments(name, page)
  const heading = useRef<HTMLHeadingElement>(null)
  const focusHeading = useCallback(() => heading.current?.focus(), [])
  const missing = documents.isError && isNotFound(documents.error)
  usePageTitle(missing ? TEXTS.notFound : name + (page > 1 ? TEXTS.pageSuffix(page) : ''))

  if (missing) {
    return (
      <NotFoundState title={TEXTS.notFound}>
        <p className="utrecht-paragraph">{TEXTS.notFoundBody(name)}</p>
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" to={THEMES_PATH}>
            {TEXTS.allThemes}
          </Link>
        </p>
      </NotFoundState>
    )
  }
  return (
    <div className="portal-theme">
      <p className="utrecht-paragraph portal-card__meta">
        <Link className="utrecht-link" to={THEMES_PATH}>
          {TEXTS.allThemes}
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1} className="utrecht-heading-1">
        {name}
      </h1>
      <p className="utrecht-paragraph">
        <FeedLink href={documentsFeedHref({ tags: [name] })} title={TEXTS.feedTitle(name)}>
          {TEXTS.feed(name)}
        </FeedLink>{' '}
        ·{' '}
        <Link className="utrecht-link" to={searchHref({ tags: [name] })}>
          {TEXTS.searchAll(name)}
        </Link>
      </p>
      <Followers name={name} />
      <FollowByEmail theme={name} />
      <div aria-busy={documents.isFetching}>
        <PagedResults
          query={documents}
          page={page}
          pageSize={THEME_PAGE_SIZE}
          hrefFor={(target) => themeHref(name, target)}
          onNavigate={focusHeading}
          error={{ title: TEXTS.error, hint: TEXTS.errorHint, retry: TEXTS.retry }}
          loading={TEXTS.loading}
          empty={<p className="utrecht-paragraph">{TEXTS.empty}</p>}
          pastTheEnd={() => (
            <p className="utrecht-paragraph">
              {TEXTS.pastTheEnd}{' '}
              <Link className="utrecht-link" to={themeHref(name)}>
                {TEXTS.firstPage}
              </Link>
            </p>
          )}
        >
          {(data, pages) => (
            <>
              <p className="utrecht-paragraph" role="status">
                {TEXTS.total(data.Total)}
                {pages > 1 && TEXTS.pageOf(page, pages)}
              </p>
              <ul className="portal-cards" aria-label={TEXTS.listLabel(name)}>
                {data.Results.map((document) => (
                  <PublishedDocumentCard key={document.contentUID} document={document} />
                ))}
              </ul>
            </>
          )}
        </PagedResults>
      </div>
    </div>
  )
}

/** For a signed-in employee: how many colleagues follow the theme, who, and the follow button. */
function Followers({ name }: { name: string }) {
  const { authenticated } = useAuth()
  const followers = useThemeFollowers(name, authenticated)
  if (!authenticated) return null
  return (
    <section aria-labelledby="thema-volgers">
      <h2 id="thema-volgers" className="utrecht-heading-2">
        {TEXTS.followersHeading}
      </h2>
      {followers.isPending && <LoadingState label={TEXTS.followersLoading} />}
      {followers.isError && !isNotFound(followers.error) && (
        <ErrorState title={TEXTS.followersError} />
      )}
      {followers.data && (
        <>
          <p className="utrecht-paragraph">{TEXTS.followerCount(followers.data.Total)}</p>
          {followers.data.Total > 0 && (
            <ul className="utrecht-unordered-list">
              {followers.data.Results.map((follower, index) => (
                <li key={`${follower}-${index}`} className="utrecht-unordered-list__item">
                  {follower}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <FollowThemeButton theme={name} />
    </section>
  )
}
