import { useCallback, useRef } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { usePageTitle } from '../../shared/page-title.ts'
import { pageFromSegment } from '../../shared/pagination/page-count.ts'
import { PagedResults } from '../../shared/pagination/PagedResults.tsx'
import { UPLOAD_PATH, RESULT_FLAGS, myDataHref } from '../../shared/routes.ts'
import { OWN_DOCUMENTS_PAGE_SIZE, useOwnDocuments } from './api.ts'
import { OwnDocumentItem } from './OwnDocumentItem.tsx'
import { ResultBanner, useResultFlag } from '../../shared/ui/ResultBanner.tsx'
import { SignInRequired } from '../../shared/auth/SignInRequired.tsx'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'
import './my-documents.css'

/** /data and /data/{page}: the employee's own documents in every status (spec section 2). */
export function MyDataPage() {
  const { authenticated } = useAuth()
  const page = pageFromSegment(useParams().page)
  // The page number only means something when a page of documents is shown.
  const showsPage = authenticated && page !== null && page > 1
  usePageTitle(TEXTS.heading + (showsPage ? TEXTS.pageSuffix(page) : ''))

  if (page === null) return <Navigate to={myDataHref()} replace />
  if (!authenticated) return <SignInRequired heading={TEXTS.heading} purpose={TEXTS.intro} />
  return <OwnDocuments page={page} />
}

function OwnDocuments({ page }: { page: number }) {
  const documents = useOwnDocuments(page)
  const heading = useRef<HTMLHeadingElement>(null)
  const focusHeading = useCallback(() => heading.current?.focus(), [])

  return (
    <div className="portal-my-data">
      <div className="portal-my-data__header">
        <h1 ref={heading} tabIndex={-1} className="utrecht-heading-1">
          {TEXTS.heading}
        </h1>
        <Link
          className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--primary-action"
          to={UPLOAD_PATH}
        >
          {TEXTS.upload}
        </Link>
      </div>
      <Banners />
      <p className="utrecht-paragraph portal-my-data__intro">{TEXTS.intro}</p>

      <div aria-busy={documents.isFetching}>
        <PagedResults
          query={documents}
          page={page}
          pageSize={OWN_DOCUMENTS_PAGE_SIZE}
          hrefFor={(target) => myDataHref(target)}
          onNavigate={focusHeading}
          error={{ title: TEXTS.error, hint: TEXTS.errorHint, retry: TEXTS.retry }}
          loading={TEXTS.loading}
          empty={<EmptyState />}
          pastTheEnd={() => (
            <p className="utrecht-paragraph">
              {TEXTS.pageOutOfRange}{' '}
              <Link className="utrecht-link" to={myDataHref()}>
                {TEXTS.firstPage}
              </Link>
            </p>
          )}
        >
          {(data, pages) => (
            <>
              <p className="utrecht-paragraph portal-my-data__count" role="status">
                {TEXTS.total(data.Total)}
                {pages > 1 && TEXTS.pageOf(page, pages)}
              </p>
              <ol
                className={`portal-own-documents${documents.isPlaceholderData ? ' portal-own-documents--stale' : ''}`}
                aria-label={TEXTS.listLabel}
              >
                {data.Results.map((document) => (
                  <OwnDocumentItem key={document.contentUID} document={document} />
                ))}
              </ol>
            </>
          )}
        </PagedResults>
      </div>
    </div>
  )
}

/** The outcome of what brought the employee here: an upload or a delete (spec section 2). */
function Banners() {
  const uploaded = useResultFlag(RESULT_FLAGS.upload)
  const deleted = useResultFlag(RESULT_FLAGS.delete)
  return (
    <>
      {uploaded === true && (
        <ResultBanner ok>
          <p className="utrecht-paragraph">{TEXTS.banners.uploaded}</p>
        </ResultBanner>
      )}
      {uploaded === false && (
        <ResultBanner ok={false}>
          <p className="utrecht-paragraph">{TEXTS.banners.uploadFailed}</p>
          <p className="utrecht-paragraph">
            <Link className="utrecht-link" to={UPLOAD_PATH}>
              {TEXTS.banners.tryAgain}
            </Link>
          </p>
        </ResultBanner>
      )}
      {deleted === true && (
        <ResultBanner ok>
          <p className="utrecht-paragraph">{TEXTS.banners.deleted}</p>
        </ResultBanner>
      )}
    </>
  )
}

function EmptyState() {
  return (
    <section className="portal-my-data__empty" aria-labelledby="geen-documenten">
      <h2 id="geen-documenten" className="utrecht-heading-2">
        {TEXTS.emptyHeading}
      </h2>
      <p className="utrecht-paragraph">{TEXTS.emptyBody}</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={UPLOAD_PATH}>
          {TEXTS.emptyAction}
        </Link>
      </p>
    </section>
  )
}
