import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PagedResults, type Page } from '../../shared/pagination/PagedResults.tsx'
import { VALIDATION_PAGE_SIZE } from './api.ts'
import { validationHref, type ValidationView } from '../../shared/routes.ts'
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
  list: UseQueryResult<Page<T>>
  view: ValidationView
  page: number
  texts: PagedListTexts
  /** After a page link: where the focus goes (the list's heading). */
  onNavigate: () => void
  children: (item: T) => ReactNode
}

/** A page of one of the lists of /validatie, with its count; the items are the caller's. */
export function PagedList<T>({ list, view, page, texts, onNavigate, children }: PagedListProps<T>) {
  return (
    <PagedResults
      query={list}
      page={page}
      pageSize={VALIDATION_PAGE_SIZE}
      hrefFor={(target) => validationHref(view, target)}
      onNavigate={onNavigate}
      error={{
        title: texts.error,
        hint: VALIDATION_TEXTS.errorHint,
        retry: VALIDATION_TEXTS.retry,
      }}
      loading={texts.loading}
      empty={<p className="utrecht-paragraph portal-validation__count">{texts.empty}</p>}
      pastTheEnd={() => (
        <p className="utrecht-paragraph">
          {VALIDATION_TEXTS.pageOutOfRange}{' '}
          <Link className="utrecht-link" to={validationHref(view)}>
            {VALIDATION_TEXTS.firstPage}
          </Link>
        </p>
      )}
    >
      {(data, pages) => (
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
    </PagedResults>
  )
}
