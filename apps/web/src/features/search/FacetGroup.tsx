import { WooCategory, wooCategoryLabel, type Bucket } from '@dataportaal/contract'
import { useId, useState, type ReactNode } from 'react'
import { Button, Checkbox, FormLabel } from '../../shared/ui/nlds.ts'
import { isMultiValue } from './filters.ts'
import type { FacetName } from '../../shared/search-state.ts'
import { SEARCH_PAGE_TEXTS as TEXTS } from './texts.ts'

/** The /zoeken parameter a group's options carry in the plain HTML form (a year is one field). */
export const FACET_PARAMS: Record<FacetName, string> = {
  categoryType: 'categoryType',
  tags: 'tags',
  labels: 'labels',
  source: 'source',
  wooCategory: 'wooCategory',
  rating: 'minRating',
  date: 'year',
}

/** Longer lists show this many options until the visitor asks for all of them. */
const SHOWN_OPTIONS = 8

/** How a bucket key reads: a rating as stars, a Woo category by its name (an unknown one as is). */
export function facetValueLabel(facet: FacetName, value: string): string {
  if (facet === 'rating') return TEXTS.ratingValue(Number(value))
  if (facet === 'wooCategory') {
    const category = WooCategory.safeParse(value)
    return category.success ? wooCategoryLabel(category.data) : value
  }
  return value
}

interface FacetGroupProps {
  facet: FacetName
  buckets: Bucket[]
  selected: readonly string[]
  /** No filter of this group at all (a date range from a link is not one of the years). */
  unfiltered: boolean
  onChoose: (value: string, chosen: boolean) => void
  /** A control beside an option (following a theme). */
  optionAction?: (value: string) => ReactNode
}

/**
 * One facet group as a fieldset. Types, themes and sources take several values (checkboxes);
 * a minimum rating and a year take one (radio buttons, with 'all' to undo the choice).
 */
export function FacetGroup({
  facet,
  buckets,
  selected,
  unfiltered,
  onChoose,
  optionAction,
}: FacetGroupProps) {
  const id = useId()
  const [showAll, setShowAll] = useState(false)
  const multiple = isMultiValue(facet)
  const limited = !showAll && buckets.length > SHOWN_OPTIONS + 1
  const shown = limited
    ? buckets.filter((bucket, index) => index < SHOWN_OPTIONS || selected.includes(bucket.key))
    : buckets

  return (
    <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset portal-facet-group">
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend portal-facet-legend">
        {TEXTS.facetNames[facet]}
      </legend>
      {buckets.length === 0 ? (
        <p className="utrecht-paragraph portal-facet-empty">{TEXTS.noValues}</p>
      ) : (
        <ul className="portal-facet-options" id={`${id}-options`}>
          {!multiple && (
            <FacetOption
              id={`${id}-all`}
              name={FACET_PARAMS[facet]}
              value=""
              type="radio"
              label={facet === 'rating' ? TEXTS.allValues.rating : TEXTS.allValues.date}
              checked={unfiltered}
              onChange={() => onChoose(selected[0] ?? '', false)}
            />
          )}
          {shown.map((bucket, index) => (
            <FacetOption
              key={bucket.key}
              id={`${id}-${index}`}
              name={FACET_PARAMS[facet]}
              value={bucket.key}
              type={multiple ? 'checkbox' : 'radio'}
              label={TEXTS.bucket(facetValueLabel(facet, bucket.key), bucket.count)}
              checked={selected.includes(bucket.key)}
              onChange={(checked) => onChoose(bucket.key, checked)}
              action={optionAction?.(bucket.key)}
            />
          ))}
        </ul>
      )}
      {buckets.length > SHOWN_OPTIONS + 1 && (
        <Button
          appearance="subtle-button"
          className="portal-facet-more"
          aria-expanded={showAll}
          aria-controls={`${id}-options`}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? TEXTS.showLess : TEXTS.showMore(buckets.length)}
        </Button>
      )}
    </fieldset>
  )
}

interface FacetOptionProps {
  id: string
  /** The field's name: in a plain HTML form it carries `value` when ticked. */
  name: string
  value?: string
  type: 'checkbox' | 'radio'
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  action?: ReactNode
}

export function FacetOption({
  id,
  name,
  value,
  type,
  label,
  checked,
  onChange,
  action,
}: FacetOptionProps) {
  return (
    <li
      className={`utrecht-form-field utrecht-form-field--${type} portal-facet-option${action ? ' portal-facet-option--action' : ''}`}
    >
      <div className="utrecht-form-field__input">
        {type === 'checkbox' ? (
          <Checkbox
            id={id}
            name={name}
            value={value}
            className="portal-facet-input"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
          />
        ) : (
          <input
            id={id}
            type="radio"
            name={name}
            value={value}
            className="utrecht-radio-button utrecht-radio-button--html-input portal-facet-input"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
          />
        )}
      </div>
      <div className="utrecht-form-field__label">
        <FormLabel htmlFor={id} type={type} checked={checked}>
          {label}
        </FormLabel>
      </div>
      {action && <div className="portal-facet-action">{action}</div>}
    </li>
  )
}
