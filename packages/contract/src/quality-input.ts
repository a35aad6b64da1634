import { EU_FILE_TYPE_CODES } from './files.ts'
import { findLicence } from './licences.ts'
import type { LinkState } from './links.ts'
import type { QualityDistribution, QualityInput } from './quality.ts'

/**
 * A document's metadata as the upload form and the server both know it, turned into what the
 * DCAT catalogue publishes for it (apps/server/src/features/dcat/graph.ts), so that the form's
 * live score and the server's are the same. What the catalogue always says of every dataset
 * (publisher, contact point, access rights PUBLIC, issued, modified, an EU theme, DCAT-AP-NL
 * that passes the shapes) is earned whatever the form holds; dcat.test.ts checks the graph.
 */
export interface QualityDocument {
  /** The portal themes: each is a dcat:keyword. */
  themes: number
  temporal: { start: string | null; end: string | null } | null
  spatial: string | null
  /** As stored: the EU licence list's URI, another URL, or text. */
  licence: string
  /** The portal's own files: served by the portal itself. */
  files: ReadonlyArray<{ mediaType: string; size: number | null }>
  /** A harvested document's links, with what the link checker knows of them. */
  links: ReadonlyArray<{
    url: string
    format: string | null
    mediaType: string | null
    size: number | null
    state: LinkState
  }>
  /** The source page, when it is the only distribution (no files, no links). */
  source: { url: string; state: LinkState } | null
}

const EU_AUTHORITY = 'http://publications.europa.eu/resource/authority'
const KNOWN_CODES = new Set(Object.values(EU_FILE_TYPE_CODES))
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/

const essenceOf = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase()

/** dct:format as the catalogue writes it: the EU file-type IRI, or nothing. */
export function euFileTypeOf(mediaType: string | null, format: string | null): string | null {
  const fromFormat = format?.trim().toUpperCase() ?? ''
  const code = KNOWN_CODES.has(fromFormat)
    ? fromFormat
    : mediaType === null
      ? undefined
      : (EU_FILE_TYPE_CODES as Record<string, string>)[essenceOf(mediaType)]
  return code ? `${EU_AUTHORITY}/file-type/${code}` : null
}

/** dcat:mediaType as the catalogue writes it: the IANA register IRI, or nothing. */
export function ianaMediaTypeIri(mediaType: string | null): string | null {
  if (mediaType === null) return null
  const essence = essenceOf(mediaType)
  return MEDIA_TYPE.test(essence) ? `https://www.iana.org/assignments/media-types/${essence}` : null
}

/** dct:license as the catalogue writes it: the list's IRI, else the stored URL or text. */
const licenceOf = (stored: string) =>
  findLicence(stored)?.uri ?? (stored.trim() || 'Onbekende licentie')

export function qualityInputOf(document: QualityDocument): QualityInput {
  const licence = licenceOf(document.licence)
  const distributions: QualityDistribution[] = [
    ...document.files.map((file) => ({
      accessUrl: 'ok' as const,
      downloadUrl: 'ok' as const,
      format: euFileTypeOf(file.mediaType, null),
      mediaType: ianaMediaTypeIri(file.mediaType),
      licence,
      rights: true,
      byteSize: file.size !== null,
    })),
    ...document.links.map((link) => ({
      accessUrl: link.state,
      downloadUrl: link.state,
      format: euFileTypeOf(link.mediaType, link.format),
      mediaType: ianaMediaTypeIri(link.mediaType),
      licence,
      rights: true,
      byteSize: link.size !== null,
    })),
  ]
  if (distributions.length === 0 && document.source) {
    distributions.push({
      accessUrl: document.source.state,
      downloadUrl: null,
      format: null,
      mediaType: null,
      licence,
      rights: true,
      byteSize: false,
    })
  }
  const temporal = document.temporal
  return {
    keywords: document.themes,
    // dcat:theme is mandatory: without an EU theme the catalogue files the dataset under GOVE.
    themes: 1,
    spatial: document.spatial !== null && document.spatial.trim() !== '',
    temporal: temporal !== null && (temporal.start !== null || temporal.end !== null),
    accessRights: `${EU_AUTHORITY}/access-right/PUBLIC`,
    contactPoint: true,
    publisher: true,
    issued: true,
    modified: true,
    dcatApCompliant: true,
    distributions,
  }
}
