import { useEffect, useId, useRef } from 'react'
import { formatDate } from '../../shared/format.ts'
import { CloseIcon } from '../../shared/ui/icons.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { facetValueLabel } from './FacetGroup.tsx'
import { withoutFilter, withoutFilters, type ActiveFilter } from './filters.ts'
import type { SearchState } from '../../shared/search-state.ts'
import { SEARCH_PAGE_TEXTS as TEXTS } from './texts.ts'

interface ActiveFiltersProps {
  state: SearchState
  filters: ActiveFilter[]
  onChange: (next: SearchState) => void
  /** Where the focus goes when the last filter is gone, together with this list. */
  onAllRemoved: () => void
}

function filterValueLabel({ facet, value }: ActiveFilter): string {
  if (facet !== 'date' || !value.includes('/')) return facetValueLabel(facet, value)
  const [from, to] = value.split('/')
  return [from && TEXTS.dateFrom(formatDate(from)), to && TEXTS.dateTo(formatDate(to))]
    .filter(Boolean)
    .join(' ')
}

/** The chosen filters as removable chips, and one action that removes them all. */
export function ActiveFilters({ state, filters, onChange, onAllRemoved }: ActiveFiltersProps) {
  const headingId = useId()
  const list = useRef<HTMLUListElement>(null)
  // A removed chip takes the focus with it: hand it to the chip that took its place.
  const focusAfterRemoval = useRef<number | null>(null)

  useEffect(() => {
    const index = focusAfterRemoval.current
    if (index === null) return
    focusAfterRemoval.current = null
    const buttons = list.current?.querySelectorAll('button')
    const next = buttons?.[Math.min(index, buttons.length - 1)]
    if (next) next.focus()
    else onAllRemoved()
  }, [filters.length, onAllRemoved])

  if (filters.length === 0) return null

  const remove = (filter: ActiveFilter, index: number) => {
    focusAfterRemoval.current = index
    onChange(withoutFilter(state, filter))
  }
  const clear = () => {
    focusAfterRemoval.current = 0
    onChange(withoutFilters(state))
  }

  return (
    <section className="portal-search-active-filters" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-search-active-heading">
        {TEXTS.activeFilters}
      </h2>
      <ul className="portal-search-chips" ref={list}>
        {filters.map((filter, index) => (
          <li key={`${filter.facet}:${filter.value}`}>
            <button
              type="button"
              className="portal-search-chip"
              onClick={() => remove(filter, index)}
            >
              <span className="portal-visually-hidden">{TEXTS.removeFilter.before}</span>{' '}
              {TEXTS.facetNames[filter.facet]}: {filterValueLabel(filter)}{' '}
              <span className="portal-visually-hidden">{TEXTS.removeFilter.after}</span>
              <CloseIcon className="portal-icon portal-search-chip-icon" />
            </button>
          </li>
        ))}
      </ul>
      <Button appearance="subtle-button" className="portal-search-clear" onClick={clear}>
        {TEXTS.clearFilters}
      </Button>
    </section>
  )
}
