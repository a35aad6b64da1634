import { EU_DATA_THEMES, EuDataTheme, type ManagedVocabularyItem } from '@dataportaal/contract'
import { useEffect, useId, useRef } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import { useSaveEuTheme } from './api.ts'
import type { Announce } from '../../shared/ui/Feedback.tsx'
import { EU_THEME_TEXTS as TEXTS } from './texts.ts'

/** The EU data themes sorted by their Dutch label, the way an admin looks one up. */
const OPTIONS = (Object.entries(EU_DATA_THEMES) as Array<[EuDataTheme, string]>).sort(
  ([, a], [, b]) => a.localeCompare(b, 'nl'),
)

/** What the server said was wrong: the field's message (422), or the problem's detail (404). */
function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  return error.problem?.errors?.[0]?.message ?? error.problem?.detail
}

/**
 * The EU data theme of one theme, saved as soon as another is chosen. A native select, so it
 * works the same with any keyboard or screen reader; its label names the theme, as every row
 * has one. While saving it is disabled; it gets the focus back if disabling took it away.
 */
export function EuThemeSelect({
  item,
  announce,
}: {
  item: ManagedVocabularyItem
  announce: Announce
}) {
  const id = useId()
  const select = useRef<HTMLSelectElement>(null)
  const save = useSaveEuTheme()
  const saving = save.isPending
  const hadFocus = useRef(false)

  // Enabled again: back to the select if disabling it sent the focus to the page.
  useEffect(() => {
    if (saving || !hadFocus.current) return
    hadFocus.current = false
    const focused = document.activeElement
    if (!focused || focused === document.body) select.current?.focus()
  }, [saving])

  const change = (value: string) => {
    const parsed = EuDataTheme.safeParse(value)
    const euTheme = parsed.success ? parsed.data : null
    hadFocus.current = document.activeElement === select.current
    save.mutate(
      { item, euTheme },
      {
        onSuccess: (saved) => announce({ tone: 'success', text: TEXTS.saved(saved.name) }),
        onError: (error) =>
          announce({ tone: 'error', text: TEXTS.failed(item.name, reasonOf(error)) }),
      },
    )
  }

  return (
    <>
      <label className="portal-visually-hidden" htmlFor={id}>
        {TEXTS.label(item.name)}
      </label>
      <select
        ref={select}
        id={id}
        className="utrecht-select utrecht-select--html-select portal-vocabulary__eu-theme"
        value={item.euTheme ?? ''}
        disabled={saving}
        aria-busy={saving}
        onChange={(event) => change(event.target.value)}
      >
        <option value="">{TEXTS.none}</option>
        {OPTIONS.map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </select>
    </>
  )
}
