/**
 * What the portal's publications (the DCAT catalogue, the schema.org description of a
 * document page) read alike from a document: whether it is data, and what its stored licence
 * stands for.
 */

import { findLicence, httpUrl, type Licence } from '@dataportaal/contract'

/** The content types whose documents are data (decisions.md); names compare case-insensitively. */
export const DATA_CONTENT_TYPES = ['dataset', 'kaart', 'dashboard'] as const

/**
 * Whether the city publishes document `d` itself, as SQL: a harvested document is another
 * organisation's publication, in the portal's own catalogue and Woo sitemaps only when the
 * city publishes its source (docs/harvesting.md); else they would be listed twice.
 */
export const PUBLISHED_BY_THE_CITY = `(d.harvest_source_id is null
  or exists (select 1 from harvest_sources hs where hs.id = d.harvest_source_id and hs.publish))`

export const isDataContentType = (contentTypeName: string) =>
  (DATA_CONTENT_TYPES as readonly string[]).includes(contentTypeName.trim().toLowerCase())

/**
 * What a stored licence stands for: a licence of the EU licence list (stored as its URI, or
 * as the SPDX identifier documents stored before), a licence written as another http(s) URL
 * (its own address, as a valid IRI), or any other text (the form's 'other'), which has no
 * address.
 */
export type StoredLicence =
  | { kind: 'list'; licence: Licence }
  | { kind: 'url'; url: string; text: string }
  | { kind: 'text'; text: string }

export function readLicence(stored: string): StoredLicence {
  const text = stored.trim()
  const licence = findLicence(text)
  if (licence) return { kind: 'list', licence }
  const url = httpUrl(text)
  if (url) return { kind: 'url', url, text }
  return { kind: 'text', text }
}

/**
 * The address of a listed licence's own text: its Creative Commons deed without the
 * language page ('.../by/4.0/deed.nl' -> '.../by/4.0/'), the URL search engines recognise.
 */
export const licenceTextUrl = (licence: Licence) => licence.deed.replace(/deed\.[a-z-]+$/i, '')
