import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react'
import { Button, Textbox } from '../../shared/ui/nlds.ts'
import type { Suggestion } from './suggestions.ts'
import { CLASSIFICATION_TEXTS as TEXTS } from './texts.ts'

interface VocabularyPickerProps {
  label: string
  hint: string
  inputRef: Ref<HTMLInputElement>
  suggestionsFor: (text: string) => Suggestion[]
  /** Turns what was typed into the name to send (a synonym becomes its theme). */
  resolve: (text: string) => string
  /** Resolves to whether the name was added; the field is emptied when it was. */
  onAdd: (name: string) => Promise<boolean>
  /** The server's reason for refusing the last name, shown next to the field. */
  error: string
  onEdit: () => void
  /** The first focus asks for the vocabulary, so reading the page costs no calls. */
  onFocus: () => void
  busy: boolean
}

/**
 * An ARIA 1.2 combobox with a list of suggestions: type, move with the arrows, choose with
 * Enter or a click; Enter without a chosen suggestion adds what was typed. Focus stays in
 * the input throughout (aria-activedescendant).
 */
export function VocabularyPicker({
  label,
  hint,
  inputRef,
  suggestionsFor,
  resolve,
  onAdd,
  error,
  onEdit,
  onFocus,
  busy,
}: VocabularyPickerProps) {
  const id = useId()
  const listId = `${id}-list`
  const [typed, setTyped] = useState('')
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState(-1)
  const suggestions = suggestionsFor(typed)
  const expanded = open && suggestions.length > 0
  const active = expanded ? suggestions[activeIndex] : undefined

  const add = async (name: string) => {
    setOpen(false)
    setActiveIndex(-1)
    if (await onAdd(name)) setTyped('')
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    void add(active ? active.name : resolve(typed))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setOpen(true)
      setActiveIndex((index) => {
        const next = (expanded ? index : -1) + step
        if (next >= suggestions.length) return 0
        if (next < 0) return suggestions.length - 1
        return next
      })
    } else if (event.key === 'Escape') {
      if (!expanded) {
        setTyped('')
        return
      }
      event.preventDefault()
      setOpen(false)
      setActiveIndex(-1)
    }
  }

  return (
    <form className="portal-picker" onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`} className="utrecht-form-label portal-picker__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="utrecht-form-field-description portal-picker__hint">
        {hint}
      </p>
      <div className="portal-picker__row">
        <div className="portal-picker__field">
          <Textbox
            ref={inputRef}
            id={`${id}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            className="portal-picker__input"
            value={typed}
            invalid={error !== ''}
            aria-describedby={`${id}-hint ${id}-error`}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active ? `${id}-option-${activeIndex}` : undefined}
            onFocus={onFocus}
            onBlur={() => setOpen(false)}
            onChange={(event) => {
              setTyped(event.target.value)
              setActiveIndex(-1)
              setOpen(true)
              onEdit()
            }}
            onKeyDown={onKeyDown}
          />
          <div
            id={listId}
            role="listbox"
            aria-label={TEXTS.suggestions}
            className="portal-picker__list"
            hidden={!expanded}
          >
            {expanded &&
              suggestions.map((suggestion, index) => (
                // Keyboard users choose with the arrows and Enter in the input; an option never
                // has focus, so it needs no key handler of its own.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={suggestion.label}
                  id={`${id}-option-${index}`}
                  tabIndex={-1}
                  role="option"
                  aria-selected={index === activeIndex}
                  className="portal-picker__option"
                  // Keep the focus in the input; the click below chooses.
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => void add(suggestion.name)}
                >
                  {suggestion.label}
                </div>
              ))}
          </div>
        </div>
        <Button type="submit" appearance="secondary-action-button" busy={busy}>
          {TEXTS.submit}
        </Button>
      </div>
      <p
        id={`${id}-error`}
        role="alert"
        className="utrecht-form-field-error-message portal-picker__error"
      >
        {error}
      </p>
      <p className="portal-visually-hidden" role="status">
        {expanded ? TEXTS.suggestionCount(suggestions.length) : ''}
      </p>
    </form>
  )
}
