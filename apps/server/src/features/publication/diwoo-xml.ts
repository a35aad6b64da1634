import {
  API_PREFIX,
  TOOI_KERN,
  WOO_HANDLINGS,
  wooCategoryInfo,
  wooCategoryUri,
} from '@dataportaal/contract'
import {
  element,
  xmlDocument,
  type XmlAttributes,
  type XmlContent,
} from '../../shared/xml-writer.ts'
import { fileDownloadPath } from '../documents/index.ts'
import type { DiwooEntry } from './diwoo.ts'
import { absoluteUrl, PUBLICATION_PATHS, type DiwooSite, type Site } from './paths.ts'
import {
  lastmod,
  renderSitemapIndex,
  sequence,
  SITEMAP_NAMESPACE,
  type SitemapPage,
} from './sitemap.ts'
import { PUBLICATION_TEXTS } from './texts.ts'

/** The namespace of the DiWoo metadata (standaarden.overheid.nl/diwoo/metadata). */
export const DIWOO_NAMESPACE = 'https://standaarden.overheid.nl/diwoo/metadata/'

/** The one kind of handling the portal records: publishing a document fixes it (vaststelling). */
const PUBLISHED = { uri: `${TOOI_KERN}${WOO_HANDLINGS.vaststelling}`, label: 'vaststelling' }

/** The direct download of a published file (the documents feature's public route). */
export const diwooFileUrl = (site: Site, documentId: string, fileId: string) =>
  absoluteUrl(site, `${API_PREFIX.public}${fileDownloadPath(documentId, fileId)}`)

export const renderDiwooIndex = (category: string, pages: SitemapPage[], site: Site) =>
  renderSitemapIndex(pages, site, (page) => PUBLICATION_PATHS.diwooSitemap(category, page))

/** An element of the DiWoo namespace (declared as `diwoo` on the urlset). */
const diwoo = (name: string, attributes: XmlAttributes, ...children: XmlContent[]) =>
  element(`diwoo:${name}`, attributes, ...children)

/**
 * The DiWoo metadata of one file, in the order of the DiWoo schema's sequence: publisher,
 * titles, classification, creation date, handlings.
 */
function metadata(entry: DiwooEntry, site: DiwooSite) {
  const { publisher } = site.catalogue
  const category = wooCategoryInfo(entry.category)
  const title = entry.hasOtherFiles
    ? PUBLICATION_TEXTS.fileTitle(entry.title, entry.fileName)
    : entry.title
  return diwoo(
    'Document',
    {},
    diwoo(
      'DiWoo',
      {},
      diwoo('publisher', { resource: publisher.uri }, publisher.name),
      diwoo('titelcollectie', {}, diwoo('officieleTitel', {}, title)),
      diwoo(
        'classificatiecollectie',
        {},
        diwoo(
          'informatiecategorieen',
          {},
          diwoo('informatiecategorie', { resource: wooCategoryUri(entry.category) }, category.name),
        ),
      ),
      diwoo('creatiedatum', {}, entry.createdOn),
      diwoo(
        'documenthandelingen',
        {},
        diwoo(
          'documenthandeling',
          {},
          diwoo('soortHandeling', { resource: PUBLISHED.uri }, PUBLISHED.label),
          diwoo('atTime', {}, entry.publishedAt.toISOString()),
        ),
      ),
    ),
  )
}

/** A sitemaps.org urlset whose every URL carries its DiWoo metadata. */
export function renderDiwooSitemap(entries: DiwooEntry[], site: DiwooSite): string {
  return xmlDocument(
    element(
      'urlset',
      { xmlns: SITEMAP_NAMESPACE, 'xmlns:diwoo': DIWOO_NAMESPACE },
      sequence(
        entries.map((entry) =>
          element(
            'url',
            {},
            element('loc', {}, diwooFileUrl(site, entry.documentId, entry.fileId)),
            lastmod(entry.modifiedAt),
            metadata(entry, site),
          ),
        ),
      ),
    ),
  )
}
