import type { ThesaurusEntry } from '@dataportaal/contract'
import { useMemo } from 'react'
import { ErrorState } from '../../shared/ui/states.tsx'
import { useThesaurus } from './api.ts'
import { EuThemeSelect } from './EuThemeSelect.tsx'
import { EU_THEME_TEXTS, THEME_TEXTS, LABEL_TEXTS, THESAURUS_TEXTS } from './texts.ts'
import { ThesaurusEditor } from './ThesaurusEditor.tsx'
import { VocabularyManager, type ExtraColumn } from './VocabularyManager.tsx'

function Terms({ terms }: { terms: string[] | undefined }) {
  if (!terms) return null
  if (terms.length === 0) {
    return <span className="portal-vocabulary__none">{THESAURUS_TEXTS.none}</span>
  }
  return <>{terms.join(', ')}</>
}

/**
 * /thema: themes with document counts, and per theme its synonyms and related terms and its
 * EU data theme (for the DCAT catalogue).
 */
export function ThemesScreen() {
  const thesaurus = useThesaurus(true)
  const entries = useMemo(
    () => new Map((thesaurus.data ?? []).map((entry) => [entry.term.toLowerCase(), entry])),
    [thesaurus.data],
  )
  // A theme added a moment ago may not be in the thesaurus fetched before: it has no terms yet.
  const entryOf = (name: string): ThesaurusEntry =>
    entries.get(name.toLowerCase()) ?? { term: name, synonyms: [], related: [] }
  const loaded = thesaurus.isSuccess

  const columns: ExtraColumn[] = [
    {
      header: THESAURUS_TEXTS.synonyms,
      cell: (item) => <Terms terms={loaded ? entryOf(item.name).synonyms : undefined} />,
    },
    {
      header: THESAURUS_TEXTS.related,
      cell: (item) => <Terms terms={loaded ? entryOf(item.name).related : undefined} />,
    },
    {
      header: EU_THEME_TEXTS.column,
      cell: (item, announce) => <EuThemeSelect item={item} announce={announce} />,
    },
  ]

  return (
    <VocabularyManager
      kind="theme"
      texts={THEME_TEXTS}
      columns={columns}
      // Without the thesaurus an editor would start empty and could wipe the terms on saving.
      rowAction={(item, announce) =>
        loaded ? <ThesaurusEditor entry={entryOf(item.name)} announce={announce} /> : null
      }
      notice={thesaurus.isError ? <ErrorState title={THESAURUS_TEXTS.loadFailed} /> : undefined}
    />
  )
}

/** /tag: labels with document counts. */
export function LabelsScreen() {
  return <VocabularyManager kind="label" texts={LABEL_TEXTS} />
}
