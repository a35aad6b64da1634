import { NO_VALUE_BUCKET } from '@dataportaal/contract'
import { documentsFeedHref } from '../../shared/feeds/feed-href.ts'
import { FeedLink } from '../../shared/feeds/FeedLink.tsx'
import type { SearchState } from '../../shared/search-state.ts'
import { SEARCH_PAGE_TEXTS } from './texts.ts'

const TEXTS = SEARCH_PAGE_TEXTS.feed

const noThemeBuckets: readonly string[] = [NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes]

/** What the feed of a search follows, as its link says it: everything, one theme, or the search. */
function textsFor(state: SearchState) {
  const narrowed =
    state.query.trim() !== '' ||
    state.categoryType.length > 0 ||
    state.source.length > 0 ||
    state.wooCategory.length > 0 ||
    state.minRating !== undefined ||
    state.dateFrom !== undefined ||
    state.dateTo !== undefined
  const [theme, ...moreThemes] = state.tags
  if (narrowed || moreThemes.length > 0) return TEXTS.search
  if (theme === undefined) return TEXTS.all
  return noThemeBuckets.includes(theme) ? TEXTS.search : TEXTS.theme(theme)
}

/** Follow the search shown, without an account: a link to its Atom feed. */
export function SearchFeedLink({ state }: { state: SearchState }) {
  const texts = textsFor(state)
  return (
    <p className="utrecht-paragraph portal-search-feed">
      <FeedLink href={documentsFeedHref(state)} title={texts.title}>
        {texts.link}
      </FeedLink>
      {state.labels.length > 0 && (
        <>
          <br />
          {TEXTS.withoutLabels}
        </>
      )}
    </p>
  )
}
