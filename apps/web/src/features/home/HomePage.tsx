import { NO_VALUE_BUCKET, type Bucket, type SearchResult } from '@dataportaal/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDate } from '../../shared/format.ts'
import { documentsFeedHref } from '../../shared/feeds/feed-href.ts'
import { FeedLink } from '../../shared/feeds/FeedLink.tsx'
import { usePageTitle } from '../../shared/page-title.ts'
import { documentHref, searchHref, themeHref, DATA_QUESTION_PATH } from '../../shared/routes.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { BucketLinks } from '../../shared/ui/BucketLinks.tsx'
import { FollowedThemesSection } from './FollowedThemesSection.tsx'
import { useContentTypeCounts, useLabelCounts, useRecentDocuments, useThemeCounts } from './api.ts'
import '../../shared/ui/cards.css'
import './home.css'

const TEXTS = {
  title: 'Data en documenten van de gemeente',
  intro:
    'Hier vindt u de datasets, rapporten, kaarten en andere documenten die de gemeente openbaar maakt. Zoek met de zoekbalk hierboven, of blader per thema of soort document.',
  introMore:
    'Alles op dit portaal mag u vrij gebruiken volgens de licentie die bij elk document staat. Kunt u niet vinden wat u zoekt? Stel dan een datavraag.',
  dataQuestion: 'Stel een datavraag',
  themes: 'Thema’s',
  themesLoading: 'Thema’s worden geladen…',
  themesError: 'De thema’s konden niet worden geladen.',
  labels: 'Uw labels',
  labelsLoading: 'Labels worden geladen…',
  labelsError: 'De labels konden niet worden geladen.',
  contentTypes: 'Soorten documenten',
  contentTypesLoading: 'Soorten worden geladen…',
  contentTypesError: 'De soorten documenten konden niet worden geladen.',
  recent: 'Nieuw op het portaal',
  recentLoading: 'De nieuwste documenten worden geladen…',
  recentError: 'De nieuwste documenten konden niet worden geladen.',
  recentEmpty: 'Er zijn nog geen documenten gepubliceerd.',
  allDocuments: 'Bekijk alle documenten',
  feed: 'Volg alle nieuwe documenten (Atom-feed)',
  feedTitle: 'Nieuwe documenten',
}

export function HomePage() {
  usePageTitle(null)
  const { authenticated } = useAuth()
  return (
    <div className="portal-home">
      <section className="portal-home__intro" aria-labelledby="home-titel">
        <h1 id="home-titel" className="utrecht-heading-1">
          {TEXTS.title}
        </h1>
        <p className="utrecht-paragraph utrecht-paragraph--lead">{TEXTS.intro}</p>
        <p className="utrecht-paragraph">
          {TEXTS.introMore}{' '}
          <Link className="utrecht-link" to={DATA_QUESTION_PATH}>
            {TEXTS.dataQuestion}
          </Link>
        </p>
      </section>
      {authenticated && <FollowedThemesSection />}
      <ThemeSection />
      {authenticated && <LabelsSection />}
      <RecentSection />
      <ContentTypeSection />
    </div>
  )
}

function ThemeSection() {
  return (
    <BucketSection
      id="home-themas"
      title={TEXTS.themes}
      texts={{ loading: TEXTS.themesLoading, error: TEXTS.themesError }}
      query={useThemeCounts()}
      // Each theme has its page; the 'Geen Thema' bucket is no theme, so it stays a search filter.
      href={(key) => (key === NO_VALUE_BUCKET.tags ? searchHref({ tags: [key] }) : themeHref(key))}
    />
  )
}

/** For a signed-in employee: the labels with their document counts, each a search filter. */
function LabelsSection() {
  return (
    <BucketSection
      id="home-labels"
      title={TEXTS.labels}
      texts={{ loading: TEXTS.labelsLoading, error: TEXTS.labelsError }}
      query={useLabelCounts()}
      href={(key) => searchHref({ labels: [key] })}
    />
  )
}

function ContentTypeSection() {
  return (
    <BucketSection
      id="home-soorten"
      title={TEXTS.contentTypes}
      texts={{ loading: TEXTS.contentTypesLoading, error: TEXTS.contentTypesError }}
      query={useContentTypeCounts()}
      href={(key) => searchHref({ categoryType: [key] })}
    />
  )
}

/** A heading and a tile per bucket, each a link to the search filtered on it (or its page). */
function BucketSection(props: {
  id: string
  title: string
  texts: { loading: string; error: string }
  query: UseQueryResult<Bucket[]>
  href: (key: string) => string
}) {
  const { data, isPending, isError } = props.query
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="utrecht-heading-2">
        {props.title}
      </h2>
      {isPending && <LoadingState label={props.texts.loading} />}
      {isError && <ErrorState title={props.texts.error} />}
      {data && <BucketLinks buckets={data} href={props.href} />}
    </section>
  )
}

function RecentSection() {
  const recent = useRecentDocuments()
  return (
    <section aria-labelledby="home-nieuw">
      <h2 id="home-nieuw" className="utrecht-heading-2">
        {TEXTS.recent}
      </h2>
      {recent.isPending && <LoadingState label={TEXTS.recentLoading} />}
      {recent.isError && <ErrorState title={TEXTS.recentError} />}
      {recent.data?.length === 0 && <p className="utrecht-paragraph">{TEXTS.recentEmpty}</p>}
      {recent.data && recent.data.length > 0 && (
        <>
          <ul className="portal-cards">
            {recent.data.map((document) => (
              <RecentDocument key={document.contentUID} document={document} />
            ))}
          </ul>
          <p className="utrecht-paragraph">
            <Link className="utrecht-link" to={searchHref({ sort: 'date' })}>
              {TEXTS.allDocuments}
            </Link>
          </p>
        </>
      )}
      <p className="utrecht-paragraph">
        <FeedLink href={documentsFeedHref()} title={TEXTS.feedTitle}>
          {TEXTS.feed}
        </FeedLink>
      </p>
    </section>
  )
}

function RecentDocument({ document }: { document: SearchResult }) {
  return (
    <li className="portal-card">
      <h3 className="utrecht-heading-3">
        <Link className="utrecht-link" to={documentHref(document.contentUID)}>
          {document.title}
        </Link>
      </h3>
      <p className="utrecht-paragraph portal-card__meta">
        {document.contentTypeName} · {document.sourceFriendlyName} ·{' '}
        <time dateTime={document.date}>{formatDate(document.date)}</time>
      </p>
    </li>
  )
}
