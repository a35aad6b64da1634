import type { DocumentDetail } from '@dataportaal/contract'
import { Link, useParams } from 'react-router'
import { isNotFound } from '../../shared/api/client.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { ErrorState, LoadingState, NotFoundState } from '../../shared/ui/states.tsx'
import { searchHref } from '../../shared/routes.ts'
import { useDocument } from '../../shared/documents/api.ts'
import { useLogOpen } from './api.ts'
import { DocumentView, type DocumentSlots } from './DocumentView.tsx'
import { texts } from './texts.ts'
import './documents.css'

/**
 * /documenten/:contentId: one document with its metadata, files and previews. `slots` gives
 * the parts of other features for the loaded document (see app/DocumentScreen.tsx).
 */
export function DocumentPage({ slots }: { slots?: (detail: DocumentDetail) => DocumentSlots }) {
  const { contentId = '' } = useParams()
  const query = useDocument(contentId)
  const notFound = query.isError && isNotFound(query.error)
  useLogOpen(query.data?.contentUID)
  usePageTitle(query.data?.title ?? (notFound ? texts.notFoundTitle : texts.pageTitle))

  if (query.isPending || (query.isError && query.isFetching)) {
    return <LoadingState label={texts.loading} />
  }
  if (notFound) {
    return (
      <NotFoundState title={texts.notFoundTitle}>
        <p className="utrecht-paragraph">{texts.notFoundBody}</p>
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" to={searchHref()}>
            {texts.notFoundSearch}
          </Link>
        </p>
      </NotFoundState>
    )
  }
  if (query.isError) {
    return (
      <section className="portal-empty" aria-labelledby="document-fout">
        <h1 id="document-fout" className="utrecht-heading-1">
          {texts.errorTitle}
        </h1>
        <ErrorState title={texts.errorBody}>
          <Button appearance="secondary-action-button" onClick={() => void query.refetch()}>
            {texts.retry}
          </Button>
        </ErrorState>
      </section>
    )
  }
  return <DocumentView detail={query.data} slots={slots?.(query.data)} />
}
