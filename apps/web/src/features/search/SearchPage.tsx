import { useCallback, useId, useMemo, useOptimistic, useRef, useState, useTransition } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { usePageTitle } from '../../shared/page-title.ts'
import { pageCount } from '../../shared/pagination/page-count.ts'
import { PagedResults } from '../../shared/pagination/PagedResults.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { ActiveFilters } from './ActiveFilters.tsx'
import { useSearchResults } from './api.ts'
import { EmptyResults, PageOutOfRange } from './EmptyResults.tsx'
import { Facets } from './Facets.tsx'
import { activeFilters, withoutFilters, withSort } from './filters.ts'
import { ResultList } from './ResultList.tsx'
import { SearchFeedLink } from './SearchFeedLink.tsx'
import { FollowByEmail } from '../../shared/follow-by-email/FollowByEmail.tsx'
import { PAGE_SIZE, readSearchState } from './search-url.ts'
import { searchHref } from '../../shared/routes.ts'
import { type SearchState } from '../../shared/search-state.ts'
import { SearchStateForm } from './SearchStateForm.tsx'
import { SortSelect } from './SortSelect.tsx'
import { SpellingHints } from './SpellingHints.tsx'
import { SEARCH_PAGE_TEXTS as TEXTS } from './texts.ts'
import './search.css'

/**
 * The search state is the URL: every change is a navigation, so the back button undoes it.
 * Until the navigation has rendered, the page already shows the change (a ticked box stays
 * ticked), also when rendering the new results takes a while on a slow device.
 */
/** The search as a visitor follows it by e-mail: labels are employees' own, so left out. */
const followedQuery = (state: SearchState) =>
  searchHref({ ...state, labels: [] }).split('?')[1] ?? ''

function useSearchState() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { authenticated } = useAuth()
  const inUrl = useMemo(
    () => readSearchState(params, { employee: authenticated }),
    [params, authenticated],
  )
  const [state, showAtOnce] = useOptimistic(inUrl)
  const [, startTransition] = useTransition()
  // Filtering keeps the visitor where they are on the page; paging links do scroll up.
  const change = useCallback(
    (next: SearchState) =>
      startTransition(async () => {
        showAtOnce(next)
        await navigate(searchHref(next), { preventScrollReset: true })
      }),
    [navigate, showAtOnce],
  )
  return [state, change] as const
}

export function SearchPage() {
  const [state, change] = useSearchState()
  const search = useSearchResults(state)
  const { data } = search
  const query = state.query.trim()
  const heading = useRef<HTMLHeadingElement>(null)
  const focusHeading = useCallback(() => heading.current?.focus(), [])
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filtersId = useId()
  const filters = activeFilters(state)
  const pages = data ? pageCount(data.Total, PAGE_SIZE) : 0

  usePageTitle(TEXTS.heading(query) + (state.offset > 1 ? TEXTS.pageSuffix(state.offset) : ''))

  return (
    <div className="portal-search-page">
      <h1 ref={heading} tabIndex={-1} className="utrecht-heading-1 portal-search-heading">
        {TEXTS.heading(query)}
      </h1>
      <div className="portal-search-layout">
        <div className="portal-search-sidebar">
          <Button
            appearance="secondary-action-button"
            className="portal-search-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {filtersOpen ? TEXTS.hideFilters : TEXTS.showFilters}
            {filters.length > 0 && (
              <>
                <span
                  className="utrecht-badge-counter portal-search-filter-count"
                  aria-hidden="true"
                >
                  {filters.length}
                </span>{' '}
                <span className="portal-visually-hidden">
                  {TEXTS.activeFilterCount(filters.length)}
                </span>
              </>
            )}
          </Button>
          <section
            id={filtersId}
            aria-labelledby={`${filtersId}-heading`}
            className={`portal-search-filters${filtersOpen ? ' portal-search-filters--open' : ''}`}
          >
            <h2
              id={`${filtersId}-heading`}
              className="utrecht-heading-2 portal-search-filters-heading"
            >
              {TEXTS.filtersHeading}
            </h2>
            <Facets state={state} aggregations={data?.Aggregations} onChange={change} />
          </section>
        </div>

        <div className="portal-search-results" aria-busy={search.isFetching}>
          <div className="portal-search-toolbar">
            <p className="utrecht-paragraph portal-results-count" role="status">
              {data && TEXTS.total(data.Total)}
              {data && pages > 1 && (
                <span className="portal-visually-hidden">{TEXTS.pageOf(state.offset, pages)}</span>
              )}
              {data?.Suggestion && (
                <span className="portal-visually-hidden">
                  {TEXTS.spelling.didYouMeanStatus(data.Suggestion.query)}
                </span>
              )}
            </p>
            {search.isPlaceholderData && (
              <span className="portal-results-updating">
                <span className="portal-spinner" aria-hidden="true" />
                {TEXTS.updating}
              </span>
            )}
            <SearchStateForm
              state={state}
              controlled={['sort']}
              submit={TEXTS.applySort}
              className="portal-search-sort-form"
            >
              <SortSelect value={state.sort} onChange={(sort) => change(withSort(state, sort))} />
            </SearchStateForm>
          </div>
          <ActiveFilters
            state={state}
            filters={filters}
            onChange={change}
            onAllRemoved={focusHeading}
          />
          <PagedResults
            query={search}
            page={state.offset}
            pageSize={PAGE_SIZE}
            hrefFor={(page) => searchHref({ ...state, offset: page })}
            onNavigate={focusHeading}
            error={{ title: TEXTS.error, hint: TEXTS.errorHint, retry: TEXTS.retry }}
            loading={TEXTS.loading}
            empty={
              <EmptyResults
                state={state}
                hasFilters={filters.length > 0}
                spelling={
                  data && <SpellingHints state={state} answer={data} onFollow={focusHeading} />
                }
                onClearFilters={() => {
                  focusHeading()
                  change(withoutFilters(state))
                }}
              />
            }
            pastTheEnd={() => <PageOutOfRange state={state} />}
          >
            {(results) => (
              <div className={search.isPlaceholderData ? 'portal-results-stale' : undefined}>
                <SpellingHints state={state} answer={results} onFollow={focusHeading} />
                <ResultList results={results.Results} />
              </div>
            )}
          </PagedResults>
          <SearchFeedLink state={state} />
          <FollowByEmail query={followedQuery(state)} />
        </div>
      </div>
    </div>
  )
}
