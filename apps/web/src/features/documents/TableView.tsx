import {
  apiPaths,
  type DocumentDetail,
  type DocumentFile,
  type TableInfo,
} from '@dataportaal/contract'
import { useId, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ApiError, isNotFound, toSearchParams } from '../../shared/api/client.ts'
import { formatNumber } from '../../shared/format.ts'
import { Pagination } from '../../shared/ui/Pagination.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { useTableInfo, useTableRows } from '../../shared/tables/api.ts'
import { QualityReport } from '../../shared/tables/QualityReport.tsx'
import { DataTable } from './DataTable.tsx'
import { DictionaryEditor, DictionarySaved, type SavedNote } from './DictionaryEditor.tsx'
import { DownloadLink } from '../../shared/documents/DownloadLink.tsx'
import { PreviewMessage } from './PreviewMessage.tsx'
import { TableDictionary } from './TableDictionary.tsx'
import { TableFilters } from './TableFilters.tsx'
import { rowCountText } from './table-format.ts'
import {
  TABLE_PAGE_SIZE,
  emptyTableState,
  nextSort,
  readTableState,
  rowsFilterQuery,
  rowsPageQuery,
  writeTableState,
  type TableViewState,
} from './table-state.ts'
import { texts } from './texts.ts'
import '../../shared/tables/tables.css'

const TEXTS = texts.table

/**
 * A file's table, read through the Data API instead of the file: sort, filter, page and
 * download the selection, with the data dictionary below, and for the owner and admins the
 * quality report and the dictionary's edit form. Its state is in the page's address.
 */
export function TableView({ detail, file }: { detail: DocumentDetail; file: DocumentFile }) {
  const listed = (file.tables ?? []).map((table) => table.sheet)
  const [params, setParams] = useSearchParams()
  const state = readTableState(params, file.id, listed[0] ?? null)
  const show = (next: TableViewState) =>
    setParams(writeTableState(params, file.id, next), { preventScrollReset: true })
  const hrefFor = (next: TableViewState) => `?${writeTableState(params, file.id, next).toString()}`
  const info = useTableInfo(detail.contentUID, file.id, state.sheet)
  // The loaded workbook knows its sheets best; the document's list serves until then.
  const sheets: (string | null)[] = info.data?.sheets.length ? info.data.sheets : listed
  const sheet = state.sheet ?? info.data?.sheet ?? null
  const name = sheet === null ? file.fileName : TEXTS.nameWithSheet(file.fileName, sheet)
  const [saved, setSaved] = useState<SavedNote | null>(null)

  return (
    <div className="portal-table-view">
      {sheets.length > 1 && (
        <SheetSelect
          sheets={sheets}
          current={sheet}
          onChange={(sheet) => show(emptyTableState(sheet))}
        />
      )}
      <TableStatus info={info} name={name}>
        {(loaded) => (
          <>
            {loaded.loadStatus === 'geladen' && loaded.schema && (
              <LoadedTable
                detail={detail}
                file={file}
                name={name}
                info={loaded}
                state={state}
                show={show}
                hrefFor={hrefFor}
              />
            )}
            {detail.abilities.edit && <QualityReport info={loaded} name={name} />}
            {detail.abilities.edit && loaded.loadStatus === 'geladen' && loaded.schema && (
              <DictionaryEditor
                // A new schema (another sheet, a reload) starts the form afresh.
                key={`${sheet ?? ''}:${loaded.schema.fields.map((field) => field.name).join(',')}`}
                detail={detail}
                name={name}
                fileId={file.id}
                sheet={sheet}
                fields={loaded.schema.fields}
                onSaved={setSaved}
              />
            )}
          </>
        )}
      </TableStatus>
      {saved && <DictionarySaved note={saved} />}
    </div>
  )
}

function SheetSelect({
  sheets,
  current,
  onChange,
}: {
  sheets: (string | null)[]
  current: string | null
  onChange: (sheet: string) => void
}) {
  const id = useId()
  return (
    <div className="portal-table-sheet">
      <label className="utrecht-form-label" htmlFor={id}>
        {TEXTS.sheet}
      </label>
      <select
        id={id}
        className="utrecht-select utrecht-select--html-select"
        value={current ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {sheets.map((sheet) => (
          <option key={sheet ?? ''} value={sheet ?? ''}>
            {sheet}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Loading, waiting for the loader, failed, or the loaded table's info for `children`. */
function TableStatus({
  info,
  name,
  children,
}: {
  info: ReturnType<typeof useTableInfo>
  name: string
  children: (info: TableInfo) => ReactNode
}) {
  if (info.isPending) return <LoadingState label={TEXTS.loadingInfo} />
  if (info.isError) {
    return (
      <PreviewMessage>{isNotFound(info.error) ? TEXTS.none : TEXTS.unavailable}</PreviewMessage>
    )
  }
  const { loadStatus, reason } = info.data
  return (
    <>
      {(loadStatus === 'wachtend' || loadStatus === 'bezig') && (
        <>
          <LoadingState label={`${TEXTS.loading} (${name})`} />
          <p className="utrecht-paragraph">{TEXTS.loadingHint}</p>
        </>
      )}
      {loadStatus === 'mislukt' && <PreviewMessage>{TEXTS.failed(reason)}</PreviewMessage>}
      {children(info.data)}
    </>
  )
}

function LoadedTable({
  detail,
  file,
  name,
  info,
  state,
  show,
  hrefFor,
}: {
  detail: DocumentDetail
  file: DocumentFile
  name: string
  info: TableInfo
  state: TableViewState
  show: (state: TableViewState) => void
  hrefFor: (state: TableViewState) => string
}) {
  const fields = info.schema?.fields ?? []
  const rows = useTableRows(detail.contentUID, file.id, rowsPageQuery(state), true)
  const page = rows.data
  const filtered = state.filters.length > 0 || state.q !== ''
  const problem = rows.error instanceof ApiError ? rows.error.problem : null

  return (
    <>
      <TableFilters
        // Another sheet has other columns: a form of its own.
        key={state.sheet ?? ''}
        fields={fields}
        name={name}
        q={state.q}
        filters={state.filters}
        onApply={(q, filters) => show({ ...state, q, filters, page: 1 })}
        onClear={() => show({ ...state, q: '', filters: [], page: 1 })}
      />
      {/* Announced after each filter or page, so screen-reader users hear what they got. */}
      <p className="portal-table-view__result" role="status" aria-live="polite">
        {page && !rows.isError ? TEXTS.found(page.total, formatNumber(page.total)) : ''}
      </p>
      {rows.isPending && <LoadingState label={TEXTS.loadingInfo} />}
      {rows.isError && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <div className="utrecht-alert__content">
            <p className="utrecht-paragraph">
              <strong>
                {rows.error instanceof ApiError && rows.error.status === 422
                  ? TEXTS.badQuery
                  : TEXTS.rowsFailed}
              </strong>
            </p>
            {problem?.detail && <p className="utrecht-paragraph">{problem.detail}</p>}
            {problem?.errors?.map((error) => (
              <p key={error.path} className="utrecht-paragraph">
                {error.message}
              </p>
            ))}
            {!(rows.error instanceof ApiError && rows.error.status === 422) && (
              <Button appearance="secondary-action-button" onClick={() => void rows.refetch()}>
                {TEXTS.retry}
              </Button>
            )}
          </div>
        </div>
      )}
      {page && !rows.isError && page.total > 0 && page.rows.length === 0 && (
        <PreviewMessage>
          {TEXTS.pastEnd}{' '}
          <Link className="utrecht-link" to={hrefFor({ ...state, page: 1 })} preventScrollReset>
            {TEXTS.firstPage}
          </Link>
        </PreviewMessage>
      )}
      {page && !rows.isError && page.total === 0 && (
        <PreviewMessage>{filtered ? TEXTS.noRows : TEXTS.emptyTable}</PreviewMessage>
      )}
      {page && !rows.isError && page.rows.length > 0 && (
        <>
          <DataTable
            label={TEXTS.region(name)}
            caption={TEXTS.caption(name, rowCountText(info.rowCount))}
            fields={fields}
            page={page}
            sort={state.sort}
            onSort={(column) => show({ ...state, sort: nextSort(state.sort, column), page: 1 })}
          />
          <p className="portal-table-view__range">
            {TEXTS.range(
              formatNumber(page.offset + 1),
              formatNumber(page.offset + page.rows.length),
              formatNumber(page.total),
            )}
          </p>
          <Pagination
            page={state.page}
            pageCount={Math.ceil(page.total / TABLE_PAGE_SIZE)}
            hrefFor={(number) => hrefFor({ ...state, page: number })}
            label={TEXTS.pagination(name)}
            preventScrollReset
          />
        </>
      )}
      {page && !rows.isError && page.total > 0 && (
        <SelectionDownload detail={detail} file={file} state={state} />
      )}
      <TableDictionary fields={fields} name={name} />
    </>
  )
}

/**
 * 'Download selectie als CSV': the whole filtered, sorted result, not the page. A visitor gets
 * a plain link; a signed-in employee's /api needs the bearer token, which a link cannot send.
 */
function SelectionDownload({
  detail,
  file,
  state,
}: {
  detail: DocumentDetail
  file: DocumentFile
  state: TableViewState
}) {
  const query = toSearchParams({ ...rowsFilterQuery(state), format: 'csv' }).toString()
  const path = `${apiPaths.fileRows(detail.contentUID, file.id)}?${query}`
  return (
    <p className="portal-table-view__download">
      <DownloadLink
        target={{ url: path, fileName: TEXTS.downloadName(file.fileName) }}
        text={TEXTS.download}
      />{' '}
      <span className="portal-table-view__hint">{TEXTS.downloadHint}</span>
    </p>
  )
}
