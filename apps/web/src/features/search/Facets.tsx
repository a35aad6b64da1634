import type { Aggregations } from '@dataportaal/contract'
import { useId, useState } from 'react'
import { ChevronIcon } from '../../shared/ui/icons.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { FollowThemeButton } from '../../shared/following/FollowThemeButton.tsx'
import { facetBuckets, hiddenWhenEmpty } from './buckets.ts'
import { FacetGroup, FacetOption } from './FacetGroup.tsx'
import { activeFilters, selectedValues, withFacetShown, withValue } from './filters.ts'
import { facetsFor } from './search-url.ts'
import { type SearchState } from '../../shared/search-state.ts'
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
  return (
    <div className="portal-facets">
      <FacetChooser state={state} onChange={onChange} />
      {aggregations &&
        facetsFor(authenticated)
          .filter((facet) => state.facets.includes(facet))
          .map((facet) => {
            const selected = selectedValues(state, facet)
            const buckets = facetBuckets(aggregations, facet, selected)
            if (hiddenWhenEmpty(facet, buckets)) return null
            return (
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
            )
          })}
    </div>
  )
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
