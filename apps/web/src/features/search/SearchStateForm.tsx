import type { ReactNode } from 'react'
import { Button } from '../../shared/ui/nlds.ts'
import { SEARCH_PATH, searchParams } from '../../shared/routes.ts'
import type { SearchState } from '../../shared/search-state.ts'

interface SearchStateFormProps {
  state: SearchState
  /** The URL parameters the form's own controls carry; the rest of the state goes hidden. */
  controlled: readonly string[]
  /** The button that submits without JavaScript. */
  submit: string
  className?: string
  children: ReactNode
}

/**
 * Controls that change the search, as a plain GET form to /zoeken: without JavaScript the
 * visitor ticks or chooses, then presses the button (only there without JavaScript) and the
 * server renders the new URL. With JavaScript the controls navigate themselves and the form
 * never submits. A change always starts at the first page.
 */
export function SearchStateForm({
  state,
  controlled,
  submit,
  className,
  children,
}: SearchStateFormProps) {
  const hidden = [...searchParams({ ...state, offset: 1 })].filter(
    ([name]) => !controlled.includes(name),
  )
  return (
    <form
      method="get"
      action={SEARCH_PATH}
      className={className}
      onSubmit={(event) => event.preventDefault()}
    >
      {hidden.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      <noscript>
        <Button appearance="secondary-action-button" type="submit" className="portal-nojs-submit">
          {submit}
        </Button>
      </noscript>
    </form>
  )
}
