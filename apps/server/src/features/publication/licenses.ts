/**
 * The licences the upload form offers, by the SPDX identifier the document stores, and
 * the URL of each licence's text. A licence written as a URL is its own address; any other
 * text is a licence the portal does not know, and has no URL.
 */
const LICENSE_URLS = new Map([
  ['cc0-1.0', 'https://creativecommons.org/publicdomain/zero/1.0/'],
  ['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/'],
  ['cc-by-sa-4.0', 'https://creativecommons.org/licenses/by-sa/4.0/'],
])

export function licenseUrl(license: string): string | null {
  const text = license.trim()
  const known = LICENSE_URLS.get(text.toLowerCase())
  if (known) return known
  if (!URL.canParse(text)) return null
  const url = new URL(text)
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
}
