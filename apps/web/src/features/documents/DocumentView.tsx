import { httpUrl, wooCategoryLabel, type DocumentDetail } from '@dataportaal/contract'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../shared/format.ts'
import { ExternalLink } from '../../shared/ui/nlds.ts'
import { RatingStars } from '../../shared/ui/RatingStars.tsx'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { searchHref } from '../../shared/routes.ts'
import { licenceDisplay } from '../../shared/documents/licenses.ts'
import { FileList } from './FileList.tsx'
import { FilePreviews } from './FilePreviews.tsx'
import { BrokenLinkNote, checkOf } from './BrokenLinkNote.tsx'
import { LinkList } from './LinkList.tsx'

import { texts } from './texts.ts'
import { FollowByEmail } from '../../shared/follow-by-email/FollowByEmail.tsx'

/**
 * Where other features' parts go on the document page. This feature does not know them:
 * app/DocumentScreen.tsx fills the slots, so the document depends on no other feature.
 */
export interface DocumentSlots {
  /** Below the title: the favourite star, the outcome of an edit, the owner's actions. */
  header?: ReactNode
  /** Below the average rating: the viewer's own rating. */
  rating?: ReactNode
  /** Below the facts: the themes and labels with their controls. */
  aside?: ReactNode
  /** Below the files and previews: the document's history. */
  footer?: ReactNode
}

/** The loaded document: title, description, the facts about it, its files and previews. */
export function DocumentView({
  detail,
  slots = {},
}: {
  detail: DocumentDetail
  slots?: DocumentSlots
}) {
  const statusNotice = detail.status === 'goedgekeurd' ? null : texts.status[detail.status]
  return (
    <article className="portal-document" aria-labelledby="document-titel">
      <h1 id="document-titel" className="utrecht-heading-1 portal-document-title">
        {detail.title}
      </h1>
      {slots.header}
      {statusNotice && (
        <div className="utrecht-alert utrecht-alert--warning portal-document-status">
          <p className="utrecht-paragraph">{statusNotice}</p>
          {detail.statusDescription && (
            <p className="utrecht-paragraph">{detail.statusDescription}</p>
          )}
        </div>
      )}
      <div className="portal-document-layout">
        <Description text={detail.description} />
        <div className="portal-document-aside">
          <Facts detail={detail} rating={slots.rating} />
          {slots.aside}
        </div>
      </div>
      {/* A harvested document's files are links to its source; it rarely has files of its own. */}
      {(detail.files.length > 0 || detail.links.length === 0) && <FileList files={detail.files} />}
      {detail.links.length > 0 && <LinkList links={detail.links} checks={detail.linkChecks} />}
      <FilePreviews detail={detail} />
      {detail.status === 'goedgekeurd' && detail.published && (
        <FollowByEmail documentId={detail.contentUID} />
      )}
      {slots.footer}
    </article>
  )
}

/** Blank lines separate paragraphs; single line breaks inside a paragraph are kept (CSS). */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  return (
    <div className="portal-document-description">
      {paragraphs.length === 0 ? (
        <p className="utrecht-paragraph portal-document-muted">{texts.noDescription}</p>
      ) : (
        paragraphs.map((paragraph, index) => (
          <p key={index} className="utrecht-paragraph">
            {paragraph}
          </p>
        ))
      )}
    </div>
  )
}

function Facts({ detail, rating }: { detail: DocumentDetail; rating: ReactNode }) {
  // A signed-in employee sees the themes with their controls, below these facts.
  const { authenticated } = useAuth()
  const themes = authenticated ? [] : (detail.themes ?? [])
  const sourceUrl = httpUrl(detail.sourceUrl)
  return (
    <section className="portal-document-facts" aria-labelledby="document-over">
      <h2 id="document-over" className="utrecht-heading-2">
        {texts.aboutHeading}
      </h2>
      <dl className="utrecht-data-list portal-document-facts__list">
        <Fact label={texts.contentType}>{detail.contentTypeName}</Fact>
        <Fact label={texts.source}>{detail.sourceFriendlyName}</Fact>
        {detail.harvest && (
          <Fact label={texts.harvested}>
            <DateText iso={detail.harvest.harvestedAt} />
            {texts.harvestedFrom(detail.harvest.source)}
          </Fact>
        )}
        {detail.owner && <Fact label={texts.owner}>{detail.owner.name}</Fact>}
        <Fact label={texts.date}>
          <DateText iso={detail.date} />
        </Fact>
        {detail.published && (
          <Fact label={texts.published}>
            <DateText iso={detail.published} />
          </Fact>
        )}
        <Fact label={texts.modified}>
          <DateText iso={detail.modified} />
        </Fact>
        <Fact label={texts.license}>
          <License value={detail.license} />
        </Fact>
        {detail.wooCategory && (
          <Fact label={texts.wooCategory}>{wooCategoryLabel(detail.wooCategory)}</Fact>
        )}
        {sourceUrl && (
          <Fact label={texts.sourceUrl}>
            <ExternalLink href={sourceUrl} external>
              {texts.sourceUrlLink}
            </ExternalLink>
            <BrokenLinkNote check={checkOf(detail.linkChecks, detail.sourceUrl)} />
          </Fact>
        )}
        {themes.length > 0 && (
          <Fact label={texts.themes}>
            <ul className="portal-document-chips">
              {themes.map((theme) => (
                <li key={theme}>
                  <Link className="portal-document-chip" to={searchHref({ tags: [theme] })}>
                    {theme}
                  </Link>
                </li>
              ))}
            </ul>
          </Fact>
        )}
        <Fact label={texts.rating}>
          <RatingStars average={detail.averageRating} count={detail.ratingCount} />
          {rating}
        </Fact>
      </dl>
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="utrecht-data-list__item portal-document-fact">
      <dt className="utrecht-data-list__item-key">{label}</dt>
      <dd className="utrecht-data-list__item-value utrecht-data-list__item-value--html-dd">
        {children}
      </dd>
    </div>
  )
}

const DateText = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>

function License({ value }: { value: string }) {
  const { name, deed } = licenceDisplay(value)
  if (!deed) return name
  return (
    <ExternalLink href={deed} external>
      {name}
    </ExternalLink>
  )
}
