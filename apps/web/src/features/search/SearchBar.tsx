import { SEARCH_LIMITS, shouldSuggest } from '@dataportaal/contract'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useDebounced } from '../../shared/use-debounced.ts'
import { ErrorIcon, SearchIcon } from '../../shared/ui/icons.tsx'
import { Button, Textbox } from '../../shared/ui/nlds.ts'
import { useSuggestions } from './api.ts'
import { SEARCH_PATH, searchHref } from '../../shared/routes.ts'
import './search-bar.css'

export const SEARCH_TEXTS = {
  label: 'Zoeken in het dataportaal',
  placeholder: 'Zoek datasets, rapporten, kaarten en meer',
  emptyQuery: 'Typ uw zoekterm in de balk',
  submit: 'Zoeken',
  suggestions: 'Suggesties',
  suggestionCount: (count: number) =>
    count === 1 ? '1 suggestie beschikbaar' : `${count} suggesties beschikbaar`,
}

/**
 * The search bar: an ARIA 1.2 combobox with a list of suggestions. The arrows fill the
 * input with a suggestion, but suggestions stay those of what was typed.
 */
export function SearchBar() {
  const navigate = useNavigate()
  const location = useLocation()
  const [typed, setTyped] = useState(() => queryInUrl(location.pathname, location.search))
  const [activeIndex, setActiveIndex] = useState(-1)
  const [open, setOpen] = useState(false)
  const [emptyQuery, setEmptyQuery] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const listId = useId()
  const hintId = useId()

  const debounced = useDebounced(typed, SEARCH_LIMITS.suggestDebounceMs)
  const { data } = useSuggestions(debounced)
  const suggestions = shouldSuggest(typed) && shouldSuggest(debounced) ? (data ?? []) : []
  const expanded = open && suggestions.length > 0
  const shown = activeIndex >= 0 ? (suggestions[activeIndex] ?? typed) : typed

  // Any navigation (a search, a click on a document) hides the suggestions; on /zoeken the
  // bar shows the query of the page, also after the back button.
  const [seenLocation, setSeenLocation] = useState(location.key)
  if (seenLocation !== location.key) {
    setSeenLocation(location.key)
    setOpen(false)
    setActiveIndex(-1)
    if (location.pathname === SEARCH_PATH) setTyped(queryInUrl(location.pathname, location.search))
  }

  // A click anywhere outside the bar closes the list.
  useEffect(() => {
    if (!expanded) return
    const onPointerDown = (event: PointerEvent) => {
      if (!form.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [expanded])

  const search = (text: string) => {
    const query = text.trim()
    setOpen(false)
    setActiveIndex(-1)
    if (query.length < SEARCH_LIMITS.minSuggestLength) {
      // Spec section 5: no navigation; the placeholder asks for a term and an icon shows the error.
      setTyped('')
      setEmptyQuery(true)
      return
    }
    setTyped(query)
    navigate(searchHref({ query, offset: 1 }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    search(shown)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      // -1 is the typed text itself, between the last and the first suggestion.
      setActiveIndex((index) => {
        const next = index + step
        if (next >= suggestions.length) return -1
        if (next < -1) return suggestions.length - 1
        return next
      })
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault()
      setOpen(false)
      setActiveIndex(-1)
    }
  }

  return (
    // A plain GET form as well: without JavaScript the server renders the /zoeken it asks for.
    <form
      role="search"
      method="get"
      action={SEARCH_PATH}
      className="portal-search"
      ref={form}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="offset" value="1" />
      <label className="portal-visually-hidden" htmlFor={`${listId}-input`}>
        {SEARCH_TEXTS.label}
      </label>
      <div className={`portal-search__field${emptyQuery ? ' portal-search__field--invalid' : ''}`}>
        {emptyQuery && <ErrorIcon className="portal-icon portal-search__error" />}
        <Textbox
          id={`${listId}-input`}
          type="text"
          role="combobox"
          name="query"
          autoComplete="off"
          spellCheck={false}
          className="portal-search__input"
          value={shown}
          placeholder={emptyQuery ? SEARCH_TEXTS.emptyQuery : SEARCH_TEXTS.placeholder}
          invalid={emptyQuery}
          aria-describedby={emptyQuery ? hintId : undefined}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={
            expanded && activeIndex >= 0 ? `${listId}-option-${activeIndex}` : undefined
          }
          maxLength={SEARCH_LIMITS.maxQueryLength}
          onChange={(event) => {
            setTyped(event.target.value)
            setActiveIndex(-1)
            setOpen(true)
            setEmptyQuery(false)
          }}
          onKeyDown={onKeyDown}
        />
        <Button appearance="primary-action-button" type="submit" className="portal-search__submit">
          <SearchIcon />
          <span className="portal-visually-hidden">{SEARCH_TEXTS.submit}</span>
        </Button>
        <div
          id={listId}
          role="listbox"
          aria-label={SEARCH_TEXTS.suggestions}
          className="portal-search__suggestions"
          hidden={!expanded}
        >
          {suggestions.map((suggestion, index) => (
            // Keyboard users choose with the arrows and Enter in the input (aria-activedescendant);
            // an option never has focus, so it needs no key handler of its own.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <div
              key={suggestion}
              tabIndex={-1}
              id={`${listId}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="portal-search__option"
              // Keep focus in the input; the click below chooses.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => search(suggestion)}
            >
              {suggestion}
            </div>
          ))}
        </div>
      </div>
      <p id={hintId} className="portal-visually-hidden" aria-live="assertive">
        {emptyQuery ? SEARCH_TEXTS.emptyQuery : ''}
      </p>
      <p className="portal-visually-hidden" role="status">
        {expanded ? SEARCH_TEXTS.suggestionCount(suggestions.length) : ''}
      </p>
    </form>
  )
}

function queryInUrl(pathname: string, search: string) {
  return pathname === SEARCH_PATH ? (new URLSearchParams(search).get('query') ?? '') : ''
}
