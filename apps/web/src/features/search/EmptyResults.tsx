import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../shared/ui/nlds.ts'
import { searchHref } from '../../shared/routes.ts'
import { type SearchState } from '../../shared/search-state.ts'
import { SEARCH_PAGE_TEXTS } from './texts.ts'
import './results.css'

const TEXTS = SEARCH_PAGE_TEXTS.empty

interface EmptyResultsProps {
  state: SearchState
  hasFilters: boolean
  onClearFilters: () => void
  /** 'Bedoelde u …' and the typo corrections, when the search has any. */
  spelling?: ReactNode
}

/** No results: say so, and offer what is most likely to help (spec issue: explain and suggest). */
export function EmptyResults({ state, hasFilters, onClearFilters, spelling }: EmptyResultsProps) {
  const headingId = useId()
  const query = state.query.trim()
  if (!query && !hasFilters) {
    return <p className="utrecht-paragraph portal-results-empty">{TEXTS.emptyCatalogue}</p>
  }
  return (
    <section className="portal-results-empty" aria-labelledby={headingId}>
      <h2 id={headingId} className="utrecht-heading-2">
        {TEXTS.heading(query)}
      </h2>
      <p className="utrecht-paragraph">{hasFilters ? TEXTS.withFilters : TEXTS.withoutFilters}</p>
      {spelling}
      <h3 className="utrecht-heading-3">{TEXTS.tryHeading}</h3>
      <ul className="utrecht-unordered-list portal-results-tips">
        {query && <li className="utrecht-unordered-list__item">{TEXTS.spelling}</li>}
        {query && <li className="utrecht-unordered-list__item">{TEXTS.fewerWords}</li>}
        {hasFilters && <li className="utrecht-unordered-list__item">{TEXTS.fewerFilters}</li>}
      </ul>
      <div className="portal-results-empty-actions">
        {query && hasFilters && (
          <Button appearance="secondary-action-button" onClick={onClearFilters}>
            {TEXTS.withoutFiltersButton}
          </Button>
        )}
        <Link className="utrecht-link" to={searchHref({ facets: state.facets })}>
          {TEXTS.browseAll}
        </Link>
      </div>
    </section>
  )
}

/** A page number beyond the last page, e.g. from an old link after documents were removed. */
export function PageOutOfRange({ state }: { state: SearchState }) {
  return (
    <div className="utrecht-alert utrecht-alert--info portal-results-empty">
      <div className="utrecht-alert__content">
        <p className="utrecht-paragraph">{TEXTS.outOfRange(state.offset)}</p>
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" to={searchHref({ ...state, offset: 1 })}>
            {TEXTS.firstPage}
          </Link>
        </p>
      </div>
    </div>
  )
}
