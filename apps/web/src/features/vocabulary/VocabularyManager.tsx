import type { ManagedVocabularyItem } from '@dataportaal/contract'
import { useId, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { usePageTitle } from '../../shared/page-title.ts'
import { pageCount } from '../../shared/pagination/page-count.ts'
import { Button, Textbox } from '../../shared/ui/nlds.ts'
import { Pagination } from '../../shared/ui/Pagination.tsx'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { useDeleteItem, useManagedList, type ManagedKind } from './api.ts'
import { DeleteItemDialog } from './DeleteItemDialog.tsx'
import { FeedbackRegions, type Announce, type Feedback } from '../../shared/ui/Feedback.tsx'
import { NewItemForm } from './NewItemForm.tsx'
import type { VocabularyTexts } from './texts.ts'
import { VocabularyTable, type ExtraColumn } from './VocabularyTable.tsx'
import './vocabulary.css'

export type { ExtraColumn }

export const PAGE_SIZE = 25
/** The filter box shows once the list is longer than this. */
const FILTER_FROM = 10

function useListState() {
  const [params, setParams] = useSearchParams()
  const filter = params.get('filter') ?? ''
  const page = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1)
  const hrefFor = (to: number, text = filter) => {
    const next = new URLSearchParams()
    if (text) next.set('filter', text)
    if (to > 1) next.set('pagina', String(to))
    return `?${next.toString()}`
  }
  const setFilter = (text: string) => setParams(hrefFor(1, text).slice(1), { replace: true })
  return { filter, page, hrefFor, setFilter }
}

/**
 * The shared part of /thema and /tag: the list with document counts (filtered and paged in
 * the URL), 'Nieuw …', and deleting after a confirmation that says how many documents carry
 * the entry. Themes add their thesaurus columns and editor through `columns` and `rowAction`.
 */
export function VocabularyManager({
  kind,
  texts,
  columns = [],
  rowAction,
  notice,
}: {
  kind: ManagedKind
  texts: VocabularyTexts
  columns?: ExtraColumn[]
  rowAction?: (item: ManagedVocabularyItem, announce: Announce) => ReactNode
  /** Shown above the list, e.g. that the thesaurus could not be loaded. */
  notice?: ReactNode
}) {
  usePageTitle(texts.title)
  const list = useManagedList(kind)
  const remove = useDeleteItem(kind)
  const { filter, page, hrefFor, setFilter } = useListState()
  const [feedback, setFeedback] = useState<Feedback>(null)
  const [target, setTarget] = useState<ManagedVocabularyItem | null>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const filterId = useId()

  const items = list.data?.Results ?? []
  const needle = filter.trim().toLowerCase()
  const matching = needle ? items.filter((item) => item.name.toLowerCase().includes(needle)) : items
  // Paged here, not by the API; the one page count (with its cap) still applies.
  const pages = Math.max(1, pageCount(matching.length, PAGE_SIZE))
  const current = Math.min(page, pages)
  const shown = matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)

  const openDelete = (item: ManagedVocabularyItem) => {
    remove.reset()
    setTarget(item)
    dialog.current?.showModal()
    cancelButton.current?.focus()
  }
  const confirmDelete = () => {
    if (!target) return
    remove.mutate(target.name, {
      onSuccess: () => {
        dialog.current?.close()
        setFeedback({ tone: 'success', text: texts.deleted(target.name) })
        // The row and its button are gone: the focus goes to the list's heading.
        listHeading.current?.focus()
      },
    })
  }

  return (
    <div className="portal-vocabulary">
      <h1 className="utrecht-heading-1">{texts.title}</h1>
      <p className="utrecht-paragraph portal-vocabulary__intro">{texts.intro}</p>

      <FeedbackRegions feedback={feedback} />

      <NewItemForm
        kind={kind}
        texts={texts}
        existing={items.map((item) => item.name)}
        announce={setFeedback}
      />

      <h2 id={headingId} ref={listHeading} tabIndex={-1} className="utrecht-heading-2">
        {texts.listHeading}
      </h2>
      {notice}
      {list.isPending && <LoadingState label={texts.loading} />}
      {list.isError && (
        <ErrorState title={texts.loadFailed}>
          <Button appearance="secondary-action-button" onClick={() => void list.refetch()}>
            {texts.retry}
          </Button>
        </ErrorState>
      )}
      {list.isSuccess && items.length === 0 && <p className="utrecht-paragraph">{texts.empty}</p>}
      {list.isSuccess && items.length > 0 && (
        <>
          {(items.length > FILTER_FROM || filter) && (
            <div className="portal-vocabulary__filter">
              <label className="utrecht-form-label" htmlFor={filterId}>
                {texts.filter}
              </label>
              <div id={`${filterId}-hint`} className="utrecht-form-field-description">
                {texts.filterHint}
              </div>
              <Textbox
                id={filterId}
                type="search"
                value={filter}
                autoComplete="off"
                aria-describedby={`${filterId}-hint`}
                onChange={(event) => setFilter(event.target.value)}
              />
            </div>
          )}
          <p className="utrecht-paragraph portal-vocabulary__count">
            {texts.count(matching.length, items.length)}
          </p>
          {matching.length === 0 ? (
            <p className="utrecht-paragraph">{texts.noMatch(filter.trim())}</p>
          ) : (
            <VocabularyTable
              items={shown}
              texts={texts}
              columns={columns}
              labelledBy={headingId}
              announce={setFeedback}
              actions={(item) => (
                <>
                  {rowAction?.(item, setFeedback)}
                  <Button
                    appearance="secondary-action-button"
                    hint="danger"
                    onClick={() => openDelete(item)}
                  >
                    {texts.delete} <span className="portal-visually-hidden">{item.name}</span>
                  </Button>
                </>
              )}
            />
          )}
          <Pagination
            page={current}
            pageCount={pages}
            hrefFor={hrefFor}
            label={texts.pagination}
            onNavigate={() => listHeading.current?.focus()}
          />
        </>
      )}

      <DeleteItemDialog
        ref={dialog}
        cancelRef={cancelButton}
        item={target}
        texts={texts}
        busy={remove.isPending}
        failed={remove.isError}
        onConfirm={confirmDelete}
        onCancel={() => dialog.current?.close()}
      />
    </div>
  )
}
