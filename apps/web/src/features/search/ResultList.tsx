import type { SearchResult } from '@dataportaal/contract'
import { Link } from 'react-router'
import { formatDate } from '../../shared/format.ts'
import { RatingStars } from '../../shared/ui/RatingStars.tsx'
import { FavoriteToggle } from '../../shared/documents/FavoriteToggle.tsx'
import { Highlighted } from './Highlighted.tsx'
import { SEARCH_PAGE_TEXTS as TEXTS } from './texts.ts'
import './results.css'
import { documentHref } from '../../shared/routes.ts'

export function ResultList({ results }: { results: SearchResult[] }) {
  return (
    <ol className="portal-results-list" aria-label={TEXTS.resultsLabel}>
      {results.map((result) => (
        <ResultItem key={result.contentUID} result={result} />
      ))}
    </ol>
  )
}

function ResultItem({ result }: { result: SearchResult }) {
  const themes = result.themes ?? []
  return (
    <li className="portal-results-item">
      <h2 className="utrecht-heading-3 portal-results-title">
        <Link className="utrecht-link" to={documentHref(result.contentUID)}>
          <Highlighted html={result.titleHighlight} />
        </Link>
      </h2>
      {result.snippet && (
        <p className="utrecht-paragraph portal-results-snippet">
          <Highlighted html={result.snippet} />
        </p>
      )}
      <dl className="portal-results-meta">
        <div>
          <dt>{TEXTS.meta.type}</dt>
          <dd>{result.contentTypeName}</dd>
        </div>
        <div>
          <dt>{TEXTS.meta.source}</dt>
          <dd>{result.sourceFriendlyName}</dd>
        </div>
        <div>
          <dt>{TEXTS.meta.date}</dt>
          <dd>
            <time dateTime={result.date}>{formatDate(result.date)}</time>
          </dd>
        </div>
        {result.fileFormats.length > 0 && (
          <div>
            <dt>{TEXTS.meta.formats}</dt>
            <dd>{result.fileFormats.join(', ')}</dd>
          </div>
        )}
      </dl>
      <div className="portal-results-footer">
        {themes.length > 0 && (
          <ul className="portal-results-themes" aria-label={TEXTS.themes}>
            {themes.map((theme) => (
              <li key={theme} className="portal-results-theme">
                {theme}
              </li>
            ))}
          </ul>
        )}
        {/* Without ratings, a line of 'not rated yet' under every result would only be noise. */}
        {result.ratingCount > 0 && (
          <RatingStars average={result.averageRating} count={result.ratingCount} />
        )}
        <FavoriteToggle document={result} />
      </div>
    </li>
  )
}
