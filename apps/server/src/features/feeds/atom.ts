import { ATOM_MEDIA_TYPE } from '@dataportaal/contract'
import { element, xmlDocument, type XmlMarkup } from '../../shared/xml-writer.ts'

export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom'

export interface AtomEntry {
  /** A permanent IRI of the entry (`urn:uuid:…`). */
  id: string
  title: string
  published: Date
  updated: Date
  /** The page the entry is about. */
  link: string
  /** Plain text; left out when empty. */
  summary: string
  categories: string[]
  author: string
}

export interface AtomFeed {
  id: string
  title: string
  subtitle: string
  /** Also the author of the feed, so that a feed without entries is still valid Atom. */
  publisher: string
  updated: Date
  /** The feed's own URL. */
  self: string
  /** The web page showing the same documents. */
  alternate: string
  entries: AtomEntry[]
}

const time = (name: string, date: Date) => element(name, {}, date.toISOString())

const author = (name: string) => element('author', {}, element('name', {}, name))

function entryElement(entry: AtomEntry): XmlMarkup {
  return element(
    'entry',
    {},
    element('id', {}, entry.id),
    element('title', { type: 'text' }, entry.title),
    time('published', entry.published),
    time('updated', entry.updated),
    element('link', { rel: 'alternate', type: 'text/html', href: entry.link }),
    entry.summary ? element('summary', { type: 'text' }, entry.summary) : null,
    ...entry.categories.map((term) => element('category', { term, label: term })),
    author(entry.author),
  )
}

/** An Atom 1.0 document (RFC 4287) of the feed, in Dutch. */
export function renderAtom(feed: AtomFeed): string {
  return xmlDocument(
    element(
      'feed',
      { xmlns: ATOM_NAMESPACE, 'xml:lang': 'nl' },
      element('id', {}, feed.id),
      element('title', { type: 'text' }, feed.title),
      element('subtitle', { type: 'text' }, feed.subtitle),
      time('updated', feed.updated),
      element('link', { rel: 'self', type: ATOM_MEDIA_TYPE, href: feed.self }),
      element('link', { rel: 'alternate', type: 'text/html', href: feed.alternate }),
      author(feed.publisher),
      ...feed.entries.map(entryElement),
    ),
  )
}
