import type { ReactNode } from 'react'
import { Button } from '../ui/nlds.ts'
import { Pagination } from '../ui/Pagination.tsx'
import { ErrorState, LoadingState } from '../ui/states.tsx'
import { pageCount } from './page-count.ts'

/** One page of a list as every paged endpoint answers it. */
export interface Page<T> {
  Results: T[]
  Total: number
}

/** The part of a TanStack query result a paged screen reads. */
export interface PageQuery<P> {
  data: P | undefined
  isError: boolean
  refetch: () => unknown
}

export interface PagedResultsProps<P extends Page<unknown>> {
  query: PageQuery<P>
  /** 1-based. */
  page: number
  pageSize: number
  hrefFor: (page: number) => string
  /** After a page link: where the focus goes (usually the heading). */
  onNavigate?: () => void
  paginationLabel?: string
  /** The alert when the page could not be loaded, with a button to try again. */
  error: { title: string; hint?: string; retry: string }
  loading: string
  /** Nothing in the list at all. */
  empty: ReactNode
  /** A page past the last one (an old link, or the last item just left): `pages` are left. */
  pastTheEnd: (pages: number) => ReactNode
  /** The page's items; `pages` for a 'page 2 of 5'. */
  children: (data: P, pages: number) => ReactNode
}

/**
 * Every paged screen in its states: loading, failed (with a retry), empty, past the last page,
 * or the page's items; then the page links, capped at the API's last page.
 */
export function PagedResults<P extends Page<unknown>>({
  query,
  page,
  pageSize,
  hrefFor,
  onNavigate,
  paginationLabel,
  error,
  loading,
  empty,
  pastTheEnd,
  children,
}: PagedResultsProps<P>) {
  const { data } = query
  const pages = data ? pageCount(data.Total, pageSize) : 0
  return (
    <>
      {query.isError ? (
        <ErrorState title={error.title}>
          {error.hint && <p className="utrecht-paragraph">{error.hint}</p>}
          <Button appearance="primary-action-button" onClick={() => void query.refetch()}>
            {error.retry}
          </Button>
        </ErrorState>
      ) : !data ? (
        <LoadingState label={loading} />
      ) : data.Total === 0 ? (
        empty
      ) : data.Results.length === 0 ? (
        pastTheEnd(pages)
      ) : (
        children(data, pages)
      )}
      {data && !query.isError && page <= pages && (
        <Pagination
          page={page}
          pageCount={pages}
          hrefFor={hrefFor}
          onNavigate={onNavigate}
          {...(paginationLabel ? { label: paginationLabel } : {})}
        />
      )}
    </>
  )
}
