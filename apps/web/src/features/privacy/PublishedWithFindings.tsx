import { Link } from 'react-router'
import { documentHref } from '../../shared/routes.ts'
import { usePublishedWithFindings } from './api.ts'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'
import './privacy.css'

/**
 * 'Gepubliceerd met mogelijke persoonsgegevens', for admins in /validatie: published
 * documents with findings nobody judged yet (the one-time scan of the existing catalogue, a
 * trusted harvest source). Shown only when there are any.
 */
export function PublishedWithFindings() {
  const list = usePublishedWithFindings()
  if (list.isPending) return null
  if (list.isError) {
    return (
      <div className="utrecht-alert utrecht-alert--warning">
        <p className="utrecht-paragraph">{TEXTS.published.error}</p>
      </div>
    )
  }
  const { Results, Total } = list.data
  if (Total === 0) return null
  return (
    <section
      className="portal-privacy portal-privacy-published"
      aria-labelledby="privacy-published"
    >
      <h2 id="privacy-published" className="utrecht-heading-2">
        {TEXTS.published.heading}
      </h2>
      <p className="utrecht-paragraph">{TEXTS.published.intro}</p>
      <ul className="utrecht-unordered-list">
        {Results.map((document) => (
          <li key={document.contentUID} className="utrecht-unordered-list__item">
            <Link className="utrecht-link" to={documentHref(document.contentUID)}>
              {document.title}
            </Link>{' '}
            ({TEXTS.published.source(document.owner, document.harvestSource)}
            {Object.entries(document.openCounts).map(([kind, n]) => (
              <span key={kind}>
                ; {TEXTS.review.countOf(kind as keyof typeof document.openCounts, n)}
              </span>
            ))}
            )
          </li>
        ))}
      </ul>
      {Total > Results.length && (
        <p className="utrecht-paragraph">{TEXTS.published.more(Total - Results.length)}</p>
      )}
    </section>
  )
}
