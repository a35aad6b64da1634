import { SearchSort } from '@dataportaal/contract'
import { useId } from 'react'
import { SEARCH_PAGE_TEXTS as TEXTS } from './texts.ts'

interface SortSelectProps {
  value: SearchSort
  onChange: (sort: SearchSort) => void
}

/** A native select (keyboard and screen readers know it), styled as the Utrecht select. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId()
  return (
    <div className="portal-search-sort">
      <label className="utrecht-form-label" htmlFor={id}>
        {TEXTS.sortLabel}
      </label>
      <select
        id={id}
        name="sort"
        className="utrecht-select utrecht-select--html-select"
        value={value}
        onChange={(event) => {
          const sort = SearchSort.safeParse(event.target.value)
          if (sort.success) onChange(sort.data)
        }}
      >
        {SearchSort.options.map((option) => (
          <option key={option} value={option}>
            {TEXTS.sort[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
