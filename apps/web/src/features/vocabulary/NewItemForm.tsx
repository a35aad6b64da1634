import { NewVocabularyItem } from '@dataportaal/contract'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import { fieldErrorsFromProblem, parseForm } from '../../shared/forms/field-errors.ts'
import { Button, Textbox } from '../../shared/ui/nlds.ts'
import { useCreateItem, type ManagedKind } from './api.ts'
import type { Announce } from '../../shared/ui/Feedback.tsx'
import { LabelledField, describedBy } from './LabelledField.tsx'
import type { VocabularyTexts } from './texts.ts'

const FIELDS = ['name'] as const

/** The server's words about the name (409 in use, 422 invalid); null for any other failure. */
function nameRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.problem || ![409, 422].includes(error.status)) {
    return null
  }
  return fieldErrorsFromProblem(error.problem, FIELDS).name ?? error.problem.detail ?? null
}

/**
 * 'Nieuw thema' / 'Nieuw label': checks the name as the server does (length, control
 * characters, a name in the list already) and shows the server's refusal next to the field.
 */
export function NewItemForm({
  kind,
  texts,
  existing,
  announce,
}: {
  kind: ManagedKind
  texts: VocabularyTexts
  existing: readonly string[]
  announce: Announce
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const create = useCreateItem(kind)

  const refuse = (message: string) => {
    setError(message)
    input.current?.focus()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    const checked = parseForm(NewVocabularyItem, { name }, FIELDS)
    if (!checked.ok) return refuse(checked.errors.name ?? texts.addFailed)
    const added = checked.data.name
    const taken = existing.find((other) => other.toLowerCase() === added.toLowerCase())
    if (taken) return refuse(texts.duplicate(taken))
    announce(null)
    create.mutate(added, {
      onSuccess: () => {
        setName('')
        setError(undefined)
        announce({ tone: 'success', text: texts.added(added) })
      },
      onError: (failure) => {
        const refusal = nameRefusal(failure)
        // About the name: next to the field. Anything else (server down): in the alert region.
        if (refusal) refuse(refusal)
        else announce({ tone: 'error', text: texts.addFailed })
      },
    })
  }

  return (
    <form className="portal-vocabulary-new" noValidate onSubmit={submit}>
      <LabelledField id={id} label={texts.newItem} hint={texts.newItemHint} error={error}>
        <Textbox
          ref={input}
          id={id}
          value={name}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, error)}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </LabelledField>
      <Button
        type="submit"
        appearance="primary-action-button"
        busy={create.isPending}
        aria-disabled={create.isPending}
      >
        {create.isPending ? texts.adding : texts.add}
      </Button>
    </form>
  )
}
