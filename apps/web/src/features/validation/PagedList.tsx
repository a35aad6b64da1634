import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../shared/ui/nlds.ts'
import { Pagination } from '../../shared/ui/Pagination.tsx'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { MAX_PAGE, pageCountOf } from './api.ts'
import { validationHref, type ValidationView } from './paths.ts'
import { VALIDATION_TEXTS } from './texts.ts'

/** What one list of /validatie says in each of its states. */
export interface PagedListTexts {
  error: string
  loading: string
  empty: string
  total: (count: number) => string
  listLabel: string
}

interface PagedListProps<T> {
  list: UseQueryResult<{ Results: T[]; Total: number }>
  view: ValidationView
  page: number
  texts: PagedListTexts
  /** After a page link: where the focus goes (the list's heading). */
  onNavigate: () => void
  children: (item: T) => ReactNode
}

/**
 * A page of one of the lists of /validatie with its loading, error, empty and out-of-range
 * states, its count and its pagination; the items are the caller's.
 */
export function PagedList<T>({ list, view, page, texts, onNavigate, children }: PagedListProps<T>) {
  const { data } = list
  const pages = data ? pageCountOf(data.Total) : 0
  return (
    <>
      {list.isError ? (
        <ErrorState title={texts.error}>
          <p className="utrecht-paragraph">{VALIDATION_TEXTS.errorHint}</p>
          <Button appearance="primary-action-button" onClick={() => void list.refetch()}>
            {VALIDATION_TEXTS.retry}
          </Button>
        </ErrorState>
      ) : !data ? (
        <LoadingState label={texts.loading} />
      ) : data.Total === 0 ? (
        <p className="utrecht-paragraph portal-validation__count">{texts.empty}</p>
      ) : data.Results.length === 0 ? (
        <p className="utrecht-paragraph">
          {VALIDATION_TEXTS.pageOutOfRange}{' '}
          <Link className="utrecht-link" to={validationHref(view)}>
            {VALIDATION_TEXTS.firstPage}
          </Link>
        </p>
      ) : (
        <>
          <p className="utrecht-paragraph portal-validation__count">
            {texts.total(data.Total)}
            {pages > 1 && VALIDATION_TEXTS.pageOf(page, pages)}
          </p>
          <ol
            className={`portal-validation-list${list.isPlaceholderData ? ' portal-validation-list--stale' : ''}`}
            aria-label={texts.listLabel}
          >
            {data.Results.map(children)}
          </ol>
        </>
      )}
      {data && !list.isError && page <= pages && (
        <Pagination
          page={page}
          pageCount={Math.min(pages, MAX_PAGE)}
          hrefFor={(target) => validationHref(view, target)}
          onNavigate={onNavigate}
        />
      )}
    </>
  )
}
