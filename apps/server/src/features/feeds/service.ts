import {
  API_PREFIX,
  apiPaths,
  FEED_LIMITS,
  NO_VALUE_BUCKET,
  WOO_CATEGORIES,
  type FeedQuery,
} from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Config } from '../../config.ts'
import type { Queryable } from '../../db/client.ts'
import { newestPublished, type PublishedDocumentRow } from '../search/index.ts'
import type { AtomEntry, AtomFeed } from './atom.ts'
import { FEED_TEXTS as TEXTS } from './texts.ts'

export type FeedSite = Pick<Config, 'publicUrl' | 'portalName'>

/** The web app's pages a feed links to: the paths of apps/web/src/shared/routes.ts. */
const WEB_PAGES = {
  search: '/zoeken',
  document: (id: string) => `/documenten/${encodeURIComponent(id)}`,
}

/** A summary longer than this is cut at a word: a feed reader shows a teaser, not the page. */
const MAX_SUMMARY_LENGTH = 1_000

/** `tags=Geen thema` follows the documents without a theme. */
const noThemeBuckets = new Set<string>([NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes])

const oneLine = (text: string) => text.trim().replace(/\s+/g, ' ')

/**
 * The feed's filters as query parameters in one fixed order, so one search has one feed
 * URL (and id) however its parameters were written; the search page takes the same names.
 */
function feedParams(query: FeedQuery): URLSearchParams {
  const params = new URLSearchParams()
  const text = oneLine(query.query ?? '')
  if (text) params.set('query', text)
  for (const name of ['categoryType', 'tags', 'source', 'wooCategory'] as const) {
    for (const value of query[name] ?? []) params.append(name, value)
  }
  if (query.minRating) params.set('minRating', String(query.minRating))
  if (query.dateFrom) params.set('dateFrom', query.dateFrom)
  if (query.dateTo) params.set('dateTo', query.dateTo)
  return params
}

const withParams = (url: string, params: URLSearchParams) =>
  params.size ? `${url}?${params.toString()}` : url

/** A Woo information category by its name; a number not on the list as it was asked. */
const wooCategoryName = (code: string) =>
  WOO_CATEGORIES.find((category) => category.code === code)?.name ?? code

/** What the feed follows, in Dutch: null for the whole catalogue. */
function subjectOf(query: FeedQuery): string | null {
  const text = oneLine(query.query ?? '')
  const { tags = [], categoryType = [], source = [], wooCategory = [] } = query
  const { minRating, dateFrom, dateTo } = query
  const otherFilters =
    categoryType.length || source.length || wooCategory.length || minRating || dateFrom || dateTo
  if (tags.length === 1 && !text && !otherFilters) {
    return noThemeBuckets.has(tags[0]!) ? TEXTS.noTheme : TEXTS.theme(tags[0]!)
  }
  const parts = [
    text && TEXTS.query(text),
    tags.length > 0 && TEXTS.themes(tags),
    categoryType.length > 0 && TEXTS.contentTypes(categoryType),
    source.length > 0 && TEXTS.sources(source),
    wooCategory.length > 0 && TEXTS.wooCategories(wooCategory.map(wooCategoryName)),
    minRating && TEXTS.minRating(minRating),
    dateFrom && TEXTS.dateFrom(dateFrom),
    dateTo && TEXTS.dateTo(dateTo),
  ].filter((part): part is string => typeof part === 'string' && part !== '')
  return parts.length ? TEXTS.search(parts) : null
}

function summaryOf(description: string): string {
  const text = description.trim()
  if (text.length <= MAX_SUMMARY_LENGTH) return text
  const cut = text.slice(0, MAX_SUMMARY_LENGTH)
  const lastSpace = cut.search(/\s\S*$/)
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()} …`
}

function entryOf(row: PublishedDocumentRow, site: FeedSite): AtomEntry {
  const published = row.published_at!
  return {
    id: `urn:uuid:${row.id}`,
    title: row.title,
    published,
    // An approval after the last edit publishes the document: that is its last change too.
    updated: row.modified_at > published ? row.modified_at : published,
    link: `${site.publicUrl}${WEB_PAGES.document(row.id)}`,
    summary: summaryOf(row.description),
    categories: row.theme_names,
    author: row.source,
  }
}

/**
 * The feed of a search: its newest published documents, at most FEED_LIMITS.maxEntries,
 * found by the search itself so that feed and search page never disagree.
 */
export async function documentsFeed(
  db: Queryable,
  viewer: Viewer,
  query: FeedQuery,
  site: FeedSite,
): Promise<AtomFeed> {
  const rows = await newestPublished(db, viewer, query, FEED_LIMITS.maxEntries)
  const entries = rows.map((row) => entryOf(row, site))
  const params = feedParams(query)
  const self = withParams(`${site.publicUrl}${API_PREFIX.public}${apiPaths.documentsFeed}`, params)
  const lastChange = Math.max(...entries.map((entry) => entry.updated.getTime()))
  return {
    id: self,
    title: TEXTS.title(subjectOf(query), site.portalName),
    subtitle: TEXTS.subtitle(site.portalName),
    publisher: site.portalName,
    // A feed without entries has not changed in any way a reader can see: now will do.
    updated: entries.length ? new Date(lastChange) : new Date(),
    self,
    alternate: withParams(`${site.publicUrl}${WEB_PAGES.search}`, params),
    entries,
  }
}
