import type { DocumentSummary } from '@dataportaal/contract'
import { Link } from 'react-router'
import { formatDate } from '../format.ts'
import { documentHref } from '../routes.ts'
import '../ui/cards.css'

const TEXTS = {
  published: 'Gepubliceerd',
  themes: 'Thema’s:',
}

/** An approved document in a list by publication date: the followed themes, a theme's page. */
export function PublishedDocumentCard({ document }: { document: DocumentSummary }) {
  const when = document.published ?? document.date
  return (
    <li className="portal-card">
      <h3 className="utrecht-heading-3">
        <Link className="utrecht-link" to={documentHref(document.contentUID)}>
          {document.title}
        </Link>
      </h3>
      <p className="utrecht-paragraph portal-card__meta">
        {document.contentTypeName} · {document.sourceFriendlyName} · {TEXTS.published}{' '}
        <time dateTime={when}>{formatDate(when)}</time>
      </p>
      {document.themes && document.themes.length > 0 && (
        <p className="utrecht-paragraph portal-card__meta">
          {TEXTS.themes} {document.themes.join(', ')}
        </p>
      )}
    </li>
  )
}
