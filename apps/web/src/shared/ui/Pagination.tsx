import { Link } from 'react-router'
import { formatNumber } from '../format.ts'
import { ChevronIcon } from './icons.tsx'
import './Pagination.css'

const PAGINATION_TEXTS = {
  label: 'Paginering',
  previous: 'Vorige',
  next: 'Volgende',
  /** Completes 'Vorige', 'Volgende' and the numbers for screen readers. */
  pageWord: 'pagina',
  page: 'Pagina',
}

export type PageWindowItem = number | 'gap'

/**
 * The page numbers to show: the first, the last and the current page with `radius`
 * neighbours. A gap of a single page shows that page instead of an ellipsis.
 */
export function pageWindow(page: number, count: number, radius = 1): PageWindowItem[] {
  const shown = new Set([1, count])
  for (let near = page - radius; near <= page + radius; near++) {
    if (near >= 1 && near <= count) shown.add(near)
  }
  const items: PageWindowItem[] = []
  let previous = 0
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previous === 2) items.push(number - 1)
    else if (number - previous > 2) items.push('gap')
    items.push(number)
    previous = number
  }
  return items
}

export interface PaginationProps {
  /** 1-based. */
  page: number
  /** The number of pages that may be linked to; nothing is shown for a single page. */
  pageCount: number
  hrefFor: (page: number) => string
  /** Called when a page link is followed, e.g. to move the focus to the new content. */
  onNavigate?: () => void
  label?: string
  /** Keep the scroll position: for a list inside a page (a table's rows), not a page of its own. */
  preventScrollReset?: boolean
}

/** Page links as real links, so every page can be opened in a new tab or bookmarked. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  onNavigate,
  label = PAGINATION_TEXTS.label,
  preventScrollReset,
}: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav className="portal-pagination" aria-label={label}>
      <ul className="portal-pagination-list">
        {page > 1 && (
          <li className="portal-pagination-item portal-pagination-item--previous">
            <Link
              className="portal-pagination-link portal-pagination-link--relative"
              to={hrefFor(page - 1)}
              rel="prev"
              onClick={onNavigate}
              preventScrollReset={preventScrollReset}
            >
              <ChevronIcon className="portal-icon portal-pagination-previous-icon" />
              {PAGINATION_TEXTS.previous}{' '}
              <span className="portal-visually-hidden">{PAGINATION_TEXTS.pageWord}</span>
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="portal-pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className="portal-pagination-item">
              <Link
                className="portal-pagination-link"
                to={hrefFor(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={onNavigate}
                preventScrollReset={preventScrollReset}
              >
                <span className="portal-visually-hidden">{PAGINATION_TEXTS.page}</span>{' '}
                {formatNumber(item)}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li className="portal-pagination-item portal-pagination-item--next">
            <Link
              className="portal-pagination-link portal-pagination-link--relative"
              to={hrefFor(page + 1)}
              rel="next"
              onClick={onNavigate}
              preventScrollReset={preventScrollReset}
            >
              {PAGINATION_TEXTS.next}{' '}
              <span className="portal-visually-hidden">{PAGINATION_TEXTS.pageWord}</span>
              <ChevronIcon className="portal-icon portal-pagination-next-icon" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
