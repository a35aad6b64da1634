import type { ReactNode } from 'react'
import { formatDate } from '../format.ts'
import './DocumentMeta.css'

export interface MetaItem {
  label: string
  value: ReactNode
}

/** A document's facts in a list item (type, source, a date…) as one wrapping line of label: value. */
export function DocumentMeta({ items }: { items: ReadonlyArray<MetaItem | false | null> }) {
  return (
    <dl className="portal-document-meta">
      {items.map(
        (item) =>
          item && (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ),
      )}
    </dl>
  )
}

/** An ISO date or timestamp as a `<time>` in Dutch. */
export function DateValue({ value }: { value: string }) {
  return <time dateTime={value}>{formatDate(value)}</time>
}
