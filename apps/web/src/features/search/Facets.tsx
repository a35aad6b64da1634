import type { Aggregations } from '@dataportaal/contract'
import { useId, useState } from 'react'
import { ChevronIcon } from '../../shared/ui/icons.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { FollowThemeButton } from '../../shared/following/FollowThemeButton.tsx'
import { facetBuckets, hiddenWhenEmpty } from './buckets.ts'
import { FACET_PARAMS, FacetGroup, FacetOption } from './FacetGroup.tsx'
import { SearchStateForm } from './SearchStateForm.tsx'
import { activeFilters, chosenYear, selectedValues, withFacetShown, withValue } from './filters.ts'
import { facetsFor } from './search-url.ts'
import { type FacetName, type SearchState } from '../../shared/search-state.ts'
import { SEARCH_PAGE_TEXTS as TEXTS } from './texts.ts'
import './facets.css'

interface FacetsProps {
  state: SearchState
  /** Absent until the first results are in. */
  aggregations: Aggregations | undefined
  onChange: (next: SearchState) => void
}

/** The facet groups that are switched on, and the control that switches them. */
export function Facets({ state, aggregations, onChange }: FacetsProps) {
  const { authenticated } = useAuth()
  const filtered = new Set(activeFilters(state).map((filter) => filter.facet))
  const groups = aggregations
    ? facetsFor(authenticated)
        .filter((facet) => state.facets.includes(facet))
        .map((facet) => {
          const selected = selectedValues(state, facet)
          return { facet, selected, buckets: facetBuckets(aggregations, facet, selected) }
        })
        .filter(({ facet, buckets }) => !hiddenWhenEmpty(facet, buckets))
    : []
  return (
    <div className="portal-facets">
      <FacetChooser state={state} onChange={onChange} />
      <SearchStateForm
        state={state}
        controlled={groups.flatMap(({ facet }) => formFields(state, facet))}
        submit={TEXTS.applyFilters}
      >
        {groups.map(({ facet, selected, buckets }) => (
          <FacetGroup
            key={facet}
            facet={facet}
            buckets={buckets}
            selected={selected}
            unfiltered={!filtered.has(facet)}
            onChoose={(value, chosen) => onChange(withValue(state, facet, value, chosen))}
            optionAction={
              facet === 'tags' && authenticated
                ? (theme) => <FollowThemeButton theme={theme} />
                : undefined
            }
          />
        ))}
      </SearchStateForm>
    </div>
  )
}

/**
 * The URL parameters a shown group's options carry. A year's options replace the date range
 * of a year; a range from a hand-made link stays (hidden) until a year is chosen.
 */
function formFields(state: SearchState, facet: FacetName): string[] {
  if (facet !== 'date') return [FACET_PARAMS[facet]]
  const range = state.dateFrom !== undefined || state.dateTo !== undefined
  return range && !chosenYear(state) ? ['year'] : ['year', 'dateFrom', 'dateTo']
}

/** 'Filters kiezen': which facet groups are shown; the choice lives in the URL as well. */
function FacetChooser({ state, onChange }: Omit<FacetsProps, 'aggregations'>) {
  const { authenticated } = useAuth()
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <div className="portal-facet-chooser">
      <Button
        appearance="secondary-action-button"
        className="portal-facet-chooser-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {TEXTS.chooseGroups}
        <ChevronIcon
          className={`portal-icon portal-facet-chevron${open ? ' portal-facet-chevron--open' : ''}`}
        />
      </Button>
      <fieldset
        id={id}
        hidden={!open}
        className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset portal-facet-chooser-fieldset"
      >
        <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend portal-facet-legend">
          {TEXTS.chooseGroupsLegend}
        </legend>
        <ul className="portal-facet-options">
          {facetsFor(authenticated).map((facet) => (
            <FacetOption
              key={facet}
              id={`${id}-${facet}`}
              name={id}
              type="checkbox"
              label={TEXTS.facetNames[facet]}
              checked={state.facets.includes(facet)}
              onChange={(checked) => onChange(withFacetShown(state, facet, checked))}
            />
          ))}
        </ul>
      </fieldset>
    </div>
  )
}
