import type { BrokenLink, DamagedFile } from '@dataportaal/contract'
import { Link } from 'react-router'
import { documentHref } from '../../shared/routes.ts'
import { ScrollRegion } from '../../shared/tables/ScrollRegion.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { useLinkReport } from './links-api.ts'
import { LINKS_TEXTS as TEXTS } from './links-texts.ts'
import './links.css'

const HEADING_ID = 'links-en-bestanden'

/**
 * /validatie's section 'Links en bestanden': what the link checker found broken and what
 * the scrub of the stored files found missing or changed, each with its document.
 */
export function LinksAndFiles() {
  const report = useLinkReport()
  return (
    <section
      className="portal-validation__links"
      aria-labelledby={HEADING_ID}
      aria-busy={report.isFetching}
    >
      <h2 id={HEADING_ID} className="utrecht-heading-2">
        {TEXTS.heading}
      </h2>
      <p className="utrecht-paragraph">{TEXTS.intro}</p>
      {report.isPending ? (
        <p className="utrecht-paragraph" role="status">
          {TEXTS.loading}
        </p>
      ) : report.isError ? (
        // Not an alert: this section loads beside the lists, and their notices are the alerts.
        <div className="utrecht-alert utrecht-alert--error">
          <p className="utrecht-paragraph">{TEXTS.error}</p>
          <Button appearance="secondary-action-button" onClick={() => void report.refetch()}>
            {TEXTS.retry}
          </Button>
        </div>
      ) : (
        <>
          <p className="utrecht-paragraph">
            {TEXTS.lastChecks(report.data.lastLinkCheckAt, report.data.lastScrubAt)}
          </p>
          <BrokenLinks links={report.data.links} total={report.data.linksTotal} />
          <DamagedFiles files={report.data.files} />
        </>
      )}
    </section>
  )
}

const headerCell = (text: string) => (
  <th scope="col" className="utrecht-table__header-cell">
    {text}
  </th>
)

function DocumentCell({ document }: { document: BrokenLink['document'] }) {
  return (
    <td className="utrecht-table__cell">
      <Link className="utrecht-link" to={documentHref(document.contentUID)}>
        {document.title}
      </Link>
    </td>
  )
}

function BrokenLinks({ links, total }: { links: BrokenLink[]; total: number }) {
  const columns = TEXTS.links.columns
  return (
    <>
      <h3 className="utrecht-heading-3">{TEXTS.links.heading}</h3>
      {links.length === 0 ? (
        <p className="utrecht-paragraph">{TEXTS.links.empty}</p>
      ) : (
        <ScrollRegion label={TEXTS.links.heading}>
          <table className="utrecht-table">
            <caption className="utrecht-table__caption">
              {`${TEXTS.links.heading}. ${TEXTS.links.shown(links.length, total)}`.trim()}
            </caption>
            <thead className="utrecht-table__header">
              <tr className="utrecht-table__row">
                {headerCell(columns.document)}
                {headerCell(columns.link)}
                {headerCell(columns.error)}
                {headerCell(columns.since)}
              </tr>
            </thead>
            <tbody className="utrecht-table__body">
              {links.map((link) => (
                <tr key={`${link.document.contentUID} ${link.url}`} className="utrecht-table__row">
                  <DocumentCell document={link.document} />
                  <td className="utrecht-table__cell">
                    {TEXTS.links.place[link.place]}:{' '}
                    <span className="portal-validation__url">{link.url}</span>
                  </td>
                  <td className="utrecht-table__cell">{link.lastError ?? TEXTS.links.noAnswer}</td>
                  <td className="utrecht-table__cell">{TEXTS.since(link.brokenSince)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  )
}

function DamagedFiles({ files }: { files: DamagedFile[] }) {
  const columns = TEXTS.files.columns
  return (
    <>
      <h3 className="utrecht-heading-3">{TEXTS.files.heading}</h3>
      {files.length === 0 ? (
        <p className="utrecht-paragraph">{TEXTS.files.empty}</p>
      ) : (
        <>
          <p className="utrecht-paragraph">{TEXTS.files.restoreHint}</p>
          <ScrollRegion label={TEXTS.files.heading}>
            <table className="utrecht-table">
              <caption className="utrecht-table__caption">{TEXTS.files.heading}</caption>
              <thead className="utrecht-table__header">
                <tr className="utrecht-table__row">
                  {headerCell(columns.document)}
                  {headerCell(columns.file)}
                  {headerCell(columns.problem)}
                  {headerCell(columns.since)}
                </tr>
              </thead>
              <tbody className="utrecht-table__body">
                {files.map((file) => (
                  <tr key={file.fileId} className="utrecht-table__row">
                    <DocumentCell document={file.document} />
                    <td className="utrecht-table__cell">{file.fileName}</td>
                    <td className="utrecht-table__cell">{TEXTS.files.problem[file.problem]}</td>
                    <td className="utrecht-table__cell">{TEXTS.since(file.since)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </>
  )
}
