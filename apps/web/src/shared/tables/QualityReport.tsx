import type { DocumentFile, TableInfo } from '@dataportaal/contract'
import { useId } from 'react'
import { LoadingState } from '../ui/states.tsx'
import { useTableInfo } from './api.ts'
import { TABLE_TEXTS } from './texts.ts'
import './tables.css'
import { ScrollRegion } from './ScrollRegion.tsx'

const TEXTS = TABLE_TEXTS.report

/**
 * The loader's quality report in Dutch: why a table could not be loaded, or what did not fit
 * (counts per kind and column, then the first errors with their row numbers). It informs the
 * owner and the admin; it never blocks anything.
 */
export function QualityReport({
  info,
  name,
  nameVisible = false,
  headingLevel = 3,
}: {
  info: TableInfo
  /** The file (and sheet): part of the heading's name, seen only where the page lacks it. */
  name: string
  nameVisible?: boolean
  headingLevel?: 3 | 4
}) {
  const headingId = useId()
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <section className="portal-table-report" aria-labelledby={headingId}>
      <Heading id={headingId} className={`utrecht-heading-${headingLevel}`}>
        {TEXTS.heading}{' '}
        <span className={nameVisible ? undefined : 'portal-visually-hidden'}>
          {TEXTS.ofName(name)}
        </span>
      </Heading>
      <ReportBody info={info} />
    </section>
  )
}

function ReportBody({ info }: { info: TableInfo }) {
  if (info.loadStatus === 'mislukt') {
    return (
      <div className="utrecht-alert utrecht-alert--warning">
        <p className="utrecht-paragraph">{TEXTS.notLoaded(info.reason)}</p>
      </div>
    )
  }
  const report = info.report
  if (!report) return <p className="utrecht-paragraph">{TEXTS.pending}</p>
  if (report.valid && report.errors.length === 0) {
    return <p className="utrecht-paragraph">{TEXTS.valid}</p>
  }
  return (
    <>
      <p className="utrecht-paragraph">{TEXTS.intro}</p>
      <ul className="utrecht-unordered-list" aria-label={TEXTS.countsLabel}>
        {report.counts.map(({ type, fieldName, count }) => (
          <li key={`${type}:${fieldName ?? ''}`}>
            {fieldName !== undefined && TEXTS.inColumn(fieldName)}
            {TEXTS.counts[type](count)}
          </li>
        ))}
      </ul>
      {report.errors.length > 0 && (
        <ScrollRegion label={TEXTS.firstErrors}>
          <table className="utrecht-table portal-table-report__errors">
            <caption className="utrecht-table__caption">{TEXTS.firstErrors}</caption>
            <thead className="utrecht-table__header">
              <tr className="utrecht-table__row">
                <th scope="col" className="utrecht-table__header-cell">
                  {TEXTS.row}
                </th>
                <th scope="col" className="utrecht-table__header-cell">
                  {TEXTS.column}
                </th>
                <th scope="col" className="utrecht-table__header-cell">
                  {TEXTS.message}
                </th>
              </tr>
            </thead>
            <tbody className="utrecht-table__body">
              {report.errors.map((error, index) => (
                <tr key={index} className="utrecht-table__row">
                  <td className="utrecht-table__cell utrecht-table__cell--numeric-data">
                    {error.rowNumber ?? ''}
                  </td>
                  <td className="utrecht-table__cell">{error.fieldName ?? ''}</td>
                  <td className="utrecht-table__cell">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  )
}

/**
 * The reports of every table of a file (one per sheet of a workbook), each read from the
 * Data API; for lists such as /validatie, where the table itself is not shown.
 */
export function FileQualityReports({
  documentId,
  file,
}: {
  documentId: string
  file: DocumentFile
}) {
  return (
    <>
      {(file.tables ?? []).map((table) => (
        <FetchedReport
          key={table.sheet ?? ''}
          documentId={documentId}
          file={file}
          sheet={table.sheet}
        />
      ))}
    </>
  )
}

function FetchedReport({
  documentId,
  file,
  sheet,
}: {
  documentId: string
  file: DocumentFile
  sheet: string | null
}) {
  const query = useTableInfo(documentId, file.id, sheet)
  const name = sheet === null ? file.fileName : `${file.fileName}, ${sheet}`
  if (query.isPending) return <LoadingState label={TEXTS.loading} />
  if (query.isError) return <p className="utrecht-paragraph">{TEXTS.failed}</p>
  return <QualityReport info={query.data} name={name} nameVisible headingLevel={4} />
}
