import { EU_LICENCE_LIST, findLicence, storedLicence } from '@dataportaal/contract'

/**
 * The licences a harvested record may carry, each read back to its URI on the EU licence
 * list (what a document stores, decisions.md). A record whose licence is not recognised is
 * refused: the portal does not publish data whose terms of use it cannot tell.
 */

const euUri = (code: string) => `${EU_LICENCE_LIST}${code}`

/** CKAN's `license_id` values (and a few spellings of them), lower case. */
const CKAN_LICENCE_IDS: Readonly<Record<string, string>> = {
  'cc-zero': 'CC0',
  cc0: 'CC0',
  'cc0-1.0': 'CC0',
  'cc-by': 'CC_BY_4_0',
  'cc-by-4.0': 'CC_BY_4_0',
  'cc-by-sa': 'CC_BYSA_4_0',
  'cc-by-sa-4.0': 'CC_BYSA_4_0',
  'odc-by': 'ODC_BY',
  'odc-odbl': 'ODC_BL',
  'odc-pddl': 'ODC_PDDL',
}

/** Licence deeds by their path on creativecommons.org or opendatacommons.org. */
const LICENCE_URL_PATHS: Readonly<Record<string, string>> = {
  'creativecommons.org/publicdomain/zero/1.0': 'CC0',
  'creativecommons.org/licenses/by/4.0': 'CC_BY_4_0',
  'creativecommons.org/licenses/by-sa/4.0': 'CC_BYSA_4_0',
  'opendatacommons.org/licenses/by': 'ODC_BY',
  'opendatacommons.org/licenses/odbl': 'ODC_BL',
  'opendatacommons.org/licenses/pddl': 'ODC_PDDL',
}

const EU_LIST_URI =
  /^https?:\/\/publications\.europa\.eu\/resource\/authority\/licence\/([A-Z0-9_.-]+)\/?$/i

/**
 * A licence URL without its scheme, `www.`, a language's deed, `legalcode`, a version of
 * an Open Data Commons licence or the trailing slash: `creativecommons.org/licenses/by/4.0`.
 */
function deedPath(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  const path = url.pathname
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\/(deed(\.[a-z-]+)?|legalcode(\.[a-z-]+)?)$/, '')
  const plain = `${host}${path}`
  return host === 'opendatacommons.org' ? plain.replace(/\/[\d.]+$/, '') : plain
}

/** The EU licence list's URI of the licence a source names; undefined when unknown. */
export function licenceUri(value: string): string | undefined {
  const text = value.trim()
  const euCode = EU_LIST_URI.exec(text)?.[1]
  // The list's codes are upper case; the three the portal offers keep their stored form.
  if (euCode) return storedLicence(euUri(euCode.toUpperCase()))
  const known = findLicence(text)
  if (known) return known.uri
  const ckan = CKAN_LICENCE_IDS[text.toLowerCase()]
  if (ckan) return euUri(ckan)
  const path = deedPath(text)
  const deed = path === undefined ? undefined : LICENCE_URL_PATHS[path]
  return deed ? euUri(deed) : undefined
}
