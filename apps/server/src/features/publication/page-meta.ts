import type { DocumentDetail } from '@dataportaal/contract'
import { PUBLIC_VIEWER } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import type { PageHead } from '../../http/web-app.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { escapeHtml } from '../../shared/html.ts'
import { getDocument } from '../documents/index.ts'
import { absoluteUrl, documentIdOfPagePath, documentPagePath, type Site } from './paths.ts'
import { documentJsonLd, jsonForScript } from './schema-org.ts'
import { PUBLICATION_TEXTS as TEXTS } from './texts.ts'

/** Link previews show a few lines; a longer description is cut at a word. */
const MAX_PREVIEW_LENGTH = 300

function previewText(text: string): string {
  const oneLine = text.trim().replace(/\s+/g, ' ')
  // By code points, so a cut never splits a character in two.
  const characters = Array.from(oneLine)
  if (characters.length <= MAX_PREVIEW_LENGTH) return oneLine
  const cut = characters.slice(0, MAX_PREVIEW_LENGTH).join('')
  return `${cut.replace(/\s+\S*$/, '') || cut}…`
}

/** The document as a visitor sees it; null when a visitor may not see it (or it is not there). */
async function publishedDocument(db: Queryable, id: string): Promise<DocumentDetail | null> {
  try {
    return await getDocument(db, PUBLIC_VIEWER, id)
  } catch (error) {
    if (error instanceof NotFoundError) return null
    throw error
  }
}

/**
 * The head of a published document's page: title and description, the canonical URL,
 * OpenGraph tags for link previews and schema.org JSON-LD for search engines. Every value
 * is escaped for its place.
 */
export function documentHead(document: DocumentDetail, site: Site): PageHead {
  const url = absoluteUrl(site, documentPagePath(document.contentUID))
  const description =
    previewText(document.description) ||
    TEXTS.noDescription(document.contentTypeName, site.portalName)
  const og = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`
  const elements = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    og('og:type', 'website'),
    og('og:title', document.title),
    og('og:description', description),
    og('og:url', url),
    og('og:site_name', site.portalName),
    og('og:locale', 'nl_NL'),
    '<meta name="twitter:card" content="summary">',
    `<script type="application/ld+json">${jsonForScript(documentJsonLd(document, site))}</script>`,
  ]
  return {
    // As the app's usePageTitle sets it: "title | portal name".
    title: `${document.title} | ${site.portalName}`,
    description,
    elements: elements.join('\n'),
  }
}

/**
 * The head of a page path: a published document's page gets its own; any other path, an
 * unknown or malformed id, or a document a visitor may not see gets null (the plain page).
 */
export async function pageHead(db: Queryable, site: Site, path: string): Promise<PageHead | null> {
  const id = documentIdOfPagePath(path)
  if (id === null) return null
  const document = await publishedDocument(db, id)
  return document ? documentHead(document, site) : null
}
