/**
 * The licences the upload form offers, on the EU licence list that DCAT-AP-NL 3.0 uses
 * (http://publications.europa.eu/resource/authority/licence). A document stores the URI of
 * its licence where it is on that list, and free text otherwise (decisions.md).
 */
export const EU_LICENCE_LIST = 'http://publications.europa.eu/resource/authority/licence/'

export interface Licence {
  /** The URI on the EU licence list: what a document stores and the API sends. */
  uri: string
  /** Its SPDX identifier, which earlier versions stored and clients may still send. */
  spdx: string
  /** Dutch, as the upload form and the document page show it. */
  name: string
  /** The licence's text (the Dutch deed of Creative Commons). */
  deed: string
}

export const LICENCES: readonly Licence[] = [
  {
    uri: `${EU_LICENCE_LIST}CC0`,
    spdx: 'CC0-1.0',
    name: 'CC0 1.0 (publiek domein, vrij te gebruiken)',
    deed: 'https://creativecommons.org/publicdomain/zero/1.0/deed.nl',
  },
  {
    uri: `${EU_LICENCE_LIST}CC_BY_4_0`,
    spdx: 'CC-BY-4.0',
    name: 'CC BY 4.0 (vrij te gebruiken met bronvermelding)',
    deed: 'https://creativecommons.org/licenses/by/4.0/deed.nl',
  },
  {
    uri: `${EU_LICENCE_LIST}CC_BYSA_4_0`,
    spdx: 'CC-BY-SA-4.0',
    name: 'CC BY-SA 4.0 (met bronvermelding, gelijk delen)',
    deed: 'https://creativecommons.org/licenses/by-sa/4.0/deed.nl',
  },
]

/** A licence of the list, by its URI or SPDX identifier (either in any case); else undefined. */
export function findLicence(value: string): Licence | undefined {
  const key = value.trim().toLowerCase()
  return LICENCES.find(
    (licence) => licence.uri.toLowerCase() === key || licence.spdx.toLowerCase() === key,
  )
}

/** What a document stores for a licence: the list's URI where it is on it, the text otherwise. */
export const storedLicence = (value: string) => findLicence(value)?.uri ?? value.trim()
