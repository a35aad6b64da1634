import { httpUrl, type DocumentLink, type LinkCheck } from '@dataportaal/contract'
import { formatFileSize } from '../../shared/format.ts'
import { FileIcon } from '../../shared/ui/icons.tsx'
import { ExternalLink } from '../../shared/ui/nlds.ts'

import { BrokenLinkNote, checkOf } from './BrokenLinkNote.tsx'
import { texts } from './texts.ts'

/**
 * The files of a harvested document: links to them at their source, never copies
 * (docs/harvesting.md), each with its format and size when the source gave them.
 */
export function LinkList({ links, checks }: { links: DocumentLink[]; checks?: LinkCheck[] }) {
  return (
    <section className="portal-document-section" aria-labelledby="document-bronbestanden">
      <h2 id="document-bronbestanden" className="utrecht-heading-2">
        {texts.linksHeading}
      </h2>
      <p className="utrecht-paragraph">{texts.linksIntro}</p>
      <ul className="portal-document-files">
        {links.map((link) => {
          const href = httpUrl(link.url)
          const details = [link.format, link.size === null ? null : formatFileSize(link.size)]
            .filter(Boolean)
            .join(', ')
          return (
            <li key={link.id} className="portal-document-file">
              <FileIcon className="portal-icon portal-document-file__icon" />
              <span className="portal-document-file__name">
                {href ? (
                  <ExternalLink href={href} external>
                    {link.title}
                  </ExternalLink>
                ) : (
                  link.title
                )}
              </span>
              {details && <span className="portal-document-file__details">{details}</span>}
              <BrokenLinkNote check={checkOf(checks, link.url)} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
