/**
 * The vocabularies and code lists of DCAT-AP-NL 3.0 the catalogue uses: namespaces, and the
 * mappings from what the portal stores (licence text, media type, EU theme code) to the
 * IRIs of the lists the specification names.
 */

import { EU_DATA_THEMES, EU_FILE_TYPE_CODES, type EuDataTheme } from '@dataportaal/contract'
import { readLicence } from '../documents/index.ts'

export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  adms: 'http://www.w3.org/ns/adms#',
} as const

export type Prefix = keyof typeof NS

const EU_AUTHORITY = 'http://publications.europa.eu/resource/authority'

export const EU = {
  accessRightPublic: `${EU_AUTHORITY}/access-right/PUBLIC`,
  languageDutch: `${EU_AUTHORITY}/language/NLD`,
  dataThemeScheme: `${EU_AUTHORITY}/data-theme`,
  dataTheme: (code: EuDataTheme) => `${EU_AUTHORITY}/data-theme/${code}`,
  fileType: (code: string) => `${EU_AUTHORITY}/file-type/${code}`,
  licence: (code: string) => `${EU_AUTHORITY}/licence/${code}`,
} as const

/** Whether a stored code is one of the EU data themes (the contract's EU_DATA_THEMES). */
export const isEuDataTheme = (code: string): code is EuDataTheme =>
  Object.hasOwn(EU_DATA_THEMES, code)

/**
 * dcat:theme is mandatory in DCAT-AP-NL; a dataset whose portal themes have no EU theme
 * (or that has no theme) is filed under "Overheid en publieke sector": every document of a
 * municipality's portal is at least that.
 */
export const FALLBACK_EU_THEME: EuDataTheme = 'GOVE'

/** The EU data themes of a dataset's portal themes, without repeats; the fallback if none. */
export function euThemesOf(codes: ReadonlyArray<string | null>): EuDataTheme[] {
  const known = [
    ...new Set(codes.filter((code): code is EuDataTheme => !!code && isEuDataTheme(code))),
  ]
  return known.length > 0 ? known : [FALLBACK_EU_THEME]
}

/**
 * A distribution's licence: its IRI on the EU licence list for a licence on it (the stored
 * URI); a licence written as another http(s) URL is its own document; any other text (the
 * form's 'other') has no IRI and becomes a licence document described by that text only.
 */
export type Licence = { iri: string; label: string } | { iri: null; label: string }

export function licenceOf(stored: string): Licence {
  const read = readLicence(stored)
  if (read.kind === 'list') return { iri: read.licence.uri, label: read.licence.name }
  if (read.kind === 'url') return { iri: read.url, label: read.text }
  return { iri: null, label: read.text || 'Onbekende licentie' }
}

/** The EU file type of the media types the portal accepts (contract MEDIA_TYPES). */
const FILE_TYPES: Record<string, string> = EU_FILE_TYPE_CODES

const essenceOf = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase()

/** The EU file-type IRI of a media type; null for one the portal does not know. */
export function fileTypeOf(mediaType: string): string | null {
  const code = FILE_TYPES[essenceOf(mediaType)]
  return code ? EU.fileType(code) : null
}

const FILE_TYPE_CODES = new Set(Object.values(FILE_TYPES))

/**
 * The EU file-type IRI of a format as a harvested source names it (`CSV`, `csv`); null for
 * one the catalogue does not describe (`WMS`, free text).
 */
export function fileTypeOfFormat(format: string): string | null {
  const code = format.trim().toUpperCase()
  return FILE_TYPE_CODES.has(code) ? EU.fileType(code) : null
}

/** A media type as its IANA register IRI; null when it is not of the form type/subtype. */
export function ianaMediaTypeOf(mediaType: string): string | null {
  const essence = essenceOf(mediaType)
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(essence)
    ? `https://www.iana.org/assignments/media-types/${essence}`
    : null
}
