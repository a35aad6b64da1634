import type { SearchResponse } from '@dataportaal/contract'
import { Link } from 'react-router'
import { searchHref } from '../../shared/routes.ts'
import { type SearchState } from '../../shared/search-state.ts'
import { SEARCH_PAGE_TEXTS } from './texts.ts'
import './results.css'

const TEXTS = SEARCH_PAGE_TEXTS.spelling

interface SpellingHintsProps {
  state: SearchState
  answer: Pick<SearchResponse, 'Suggestion' | 'Corrections'>
  /** Following the suggestion: where the focus goes (the heading of the new results). */
  onFollow?: () => void
}

/**
 * What the search did with the spelling: the words a typo was also searched as, and
 * 'Bedoelde u …' with a link to the same search (filters kept, page 1) for a close
 * spelling that finds clearly more.
 */
export function SpellingHints({ state, answer, onFollow }: SpellingHintsProps) {
  const { Suggestion: suggestion, Corrections: corrections = [] } = answer
  if (!suggestion && corrections.length === 0) return null
  return (
    <div className="portal-spelling-hints">
      {corrections.map(({ word, alternatives }) => (
        <p key={word} className="utrecht-paragraph">
          {TEXTS.alsoSearched(word, alternatives)}
        </p>
      ))}
      {suggestion && (
        <p className="utrecht-paragraph portal-spelling-suggestion">
          {TEXTS.didYouMean}{' '}
          <Link
            className="utrecht-link"
            to={searchHref({ ...state, query: suggestion.query, offset: 1 })}
            onClick={onFollow}
          >
            {suggestion.query}
          </Link>
          ? {TEXTS.suggestionTotal(suggestion.total)}
        </p>
      )}
    </div>
  )
}
