/**
 * What the portal's publications (the DCAT catalogue, the schema.org description of a
 * document page) read alike from a document: whether it is data, and what its stored licence
 * stands for.
 */

/** The content types whose documents are data (decisions.md); names compare case-insensitively. */
export const DATA_CONTENT_TYPES = ['dataset', 'kaart', 'dashboard'] as const

export const isDataContentType = (contentTypeName: string) =>
  (DATA_CONTENT_TYPES as readonly string[]).includes(contentTypeName.trim().toLowerCase())

/** A licence the upload form offers: the address of its text, and its code on the EU licence list. */
export interface FormLicence {
  url: string
  euCode: string
  label: string
}

/** The upload form's licences, by the SPDX identifier the document stores (lower case). */
const FORM_LICENCES: Record<string, FormLicence> = {
  'cc0-1.0': {
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    euCode: 'CC0',
    label: 'Creative Commons CC0 1.0 Universal',
  },
  'cc-by-4.0': {
    url: 'https://creativecommons.org/licenses/by/4.0/',
    euCode: 'CC_BY_4_0',
    label: 'Creative Commons Naamsvermelding 4.0',
  },
  'cc-by-sa-4.0': {
    url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    euCode: 'CC_BYSA_4_0',
    label: 'Creative Commons Naamsvermelding-GelijkDelen 4.0',
  },
}

/**
 * What a stored licence stands for: one of the form's licences, a licence written as an
 * http(s) URL (its own address), or any other text (the form's 'other'), which has no address.
 */
export type StoredLicence =
  | { kind: 'form'; licence: FormLicence }
  | { kind: 'url'; url: string; text: string }
  | { kind: 'text'; text: string }

export function readLicence(stored: string): StoredLicence {
  const text = stored.trim()
  const licence = FORM_LICENCES[text.toLowerCase()]
  if (licence) return { kind: 'form', licence }
  if (URL.canParse(text)) {
    const url = new URL(text)
    if (url.protocol === 'https:' || url.protocol === 'http:') {
      return { kind: 'url', url: url.href, text }
    }
  }
  return { kind: 'text', text }
}
