import { VocabularyName } from '@dataportaal/contract'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import type { CachedDocument } from '../../shared/documents/cache.ts'
import { FollowThemeButton } from '../../shared/following/FollowThemeButton.tsx'
import { searchHref } from '../../shared/routes.ts'
import { CloseIcon } from '../../shared/ui/icons.tsx'
import { refusalMessage, useAddToDocument, useRemoveFromDocument } from './api.ts'
import { useThesaurus, useVocabularyNames, type VocabularyKind } from '../../shared/vocabulary.ts'
import { resolveName, suggestionsFor } from './suggestions.ts'
import { CLASSIFICATION_TEXTS as TEXTS } from './texts.ts'
import { VocabularyPicker } from './VocabularyPicker.tsx'
import './classification.css'

/**
 * Themes and labels of a document for a signed-in employee: each as a chip with a remove
 * button (a theme also with its follow button), and a picker to add one. Nothing for a
 * visitor: labels are internal.
 */
export function ClassificationEditor({ document }: { document: CachedDocument }) {
  const { authenticated } = useAuth()
  if (!authenticated) return null
  return (
    <section className="portal-classification" aria-labelledby="document-thema-labels">
      <h2 id="document-thema-labels" className="utrecht-heading-2">
        {TEXTS.heading}
      </h2>
      <p className="utrecht-paragraph portal-classification__intro">{TEXTS.intro}</p>
      <VocabularyField kind="theme" document={document} />
      <VocabularyField kind="label" document={document} />
    </section>
  )
}

function VocabularyField({ kind, document }: { kind: VocabularyKind; document: CachedDocument }) {
  const texts = TEXTS[kind]
  const [used, setUsed] = useState(false)
  const names = useVocabularyNames(kind, used).data ?? []
  const thesaurus = useThesaurus(kind === 'theme' && used).data ?? []
  const add = useAddToDocument(document.contentUID, kind)
  const [error, setError] = useState('')
  const [message, setMessage] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const remove = useRemoveFromDocument(document.contentUID, kind, {
    // The chip and its button are gone: the focus goes to the picker, the status says why.
    onRemoved: (name) => {
      setMessage(texts.removed(name))
      input.current?.focus()
    },
    onFailed: (name) => setMessage(texts.removeFailed(name)),
  })
  const present = (kind === 'theme' ? document.themes : document.labels) ?? []

  const onAdd = async (name: string) => {
    setMessage('')
    const checked = VocabularyName.safeParse(name)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? TEXTS.addFailed)
      return false
    }
    try {
      await add.mutateAsync(checked.data)
      setError('')
      setMessage(texts.added(checked.data))
      return true
    } catch (refusal) {
      setError(refusalMessage(refusal, TEXTS.addFailed))
      return false
    }
  }

  return (
    <div className="portal-classification__group">
      <h3 className="utrecht-heading-3">{texts.heading}</h3>
      {present.length === 0 ? (
        <p className="utrecht-paragraph portal-classification__none">{texts.none}</p>
      ) : (
        <ul className="portal-classification__chips" aria-label={texts.heading}>
          {present.map((name) => (
            <Chip
              key={name}
              kind={kind}
              name={name}
              removing={remove.isPending && remove.variables === name}
              onRemove={() => {
                setMessage('')
                remove.mutate(name)
              }}
            />
          ))}
        </ul>
      )}
      <VocabularyPicker
        label={texts.add}
        hint={texts.hint}
        inputRef={input}
        suggestionsFor={(text) => suggestionsFor(text, names, thesaurus, present, TEXTS.synonym)}
        resolve={(text) => resolveName(text, names, thesaurus)}
        onAdd={onAdd}
        error={error}
        onEdit={() => setError('')}
        onFocus={() => setUsed(true)}
        busy={add.isPending}
      />
      <p role="status" className="utrecht-paragraph portal-classification__message">
        {message}
      </p>
    </div>
  )
}

function Chip(props: {
  kind: VocabularyKind
  name: string
  removing: boolean
  onRemove: () => void
}) {
  const { kind, name, removing } = props
  return (
    <li className="portal-classification__chip">
      {kind === 'theme' ? (
        <Link className="portal-classification__name" to={searchHref({ tags: [name] })}>
          {name}
        </Link>
      ) : (
        <span className="portal-classification__name">{name}</span>
      )}
      {kind === 'theme' && <FollowThemeButton theme={name} />}
      <button
        type="button"
        className="portal-classification__remove"
        aria-label={TEXTS[kind].remove(name)}
        aria-disabled={removing || undefined}
        onClick={() => {
          if (!removing) props.onRemove()
        }}
      >
        {removing ? <span className="portal-spinner" aria-hidden="true" /> : <CloseIcon />}
      </button>
    </li>
  )
}
