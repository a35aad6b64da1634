import { API_PREFIX, type DocumentDetail } from '@dataportaal/contract'
import { isDataContentType, licenceTextUrl, readLicence } from '../documents/index.ts'
import { absoluteUrl, documentPagePath, type Site } from './paths.ts'

/** The address of a licence's text; none for a licence the portal knows only as text. */
function licenseUrl(stored: string): string | null {
  const read = readLicence(stored)
  if (read.kind === 'list') return licenceTextUrl(read.licence)
  return read.kind === 'url' ? read.url : null
}

/** Where a file of a published document is downloaded, as anyone may. */
const downloadUrl = (site: Site, fileUrl: string) =>
  absoluteUrl(site, `${API_PREFIX.public}${fileUrl}`)

/**
 * The schema.org description of a published document (JSON-LD), for search engines:
 * `Dataset` (Google's dataset search reads it) or `DigitalDocument`.
 */
export function documentJsonLd(document: DocumentDetail, site: Site): Record<string, unknown> {
  const isData = isDataContentType(document.contentTypeName)
  const files = document.files.map((file) => ({
    '@type': isData ? 'DataDownload' : 'MediaObject',
    name: file.fileName,
    contentUrl: downloadUrl(site, file.url),
    encodingFormat: file.mediaType,
  }))
  const license = licenseUrl(document.license)
  const description = document.description.trim()
  return {
    '@context': 'https://schema.org',
    '@type': isData ? 'Dataset' : 'DigitalDocument',
    '@id': absoluteUrl(site, documentPagePath(document.contentUID)),
    url: absoluteUrl(site, documentPagePath(document.contentUID)),
    identifier: document.contentUID,
    name: document.title,
    ...(description ? { description } : {}),
    inLanguage: 'nl',
    ...(document.published ? { datePublished: document.published } : {}),
    dateModified: document.modified,
    ...(document.themes?.length ? { keywords: document.themes } : {}),
    ...(license ? { license } : {}),
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: document.sourceFriendlyName },
    publisher: { '@type': 'Organization', name: site.portalName, url: site.publicUrl },
    ...(files.length ? { [isData ? 'distribution' : 'associatedMedia']: files } : {}),
  }
}

/**
 * JSON for inside a `<script>` element: `<`, `>` and `&` as \u escapes, so no text in it
 * (`</script>`, `<!--`) can end the element or start markup; JSON.parse reads it the same.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
