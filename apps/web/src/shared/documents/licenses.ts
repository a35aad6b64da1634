import { findLicence } from '@dataportaal/contract'

/** How a document's licence is shown: its name, and the text to link to when it has one. */
export interface LicenceDisplay {
  name: string
  deed: string | null
}

/**
 * A licence of the contract's list (LICENCES), whether the document stores its URI or, from
 * before the URIs, its SPDX id, shows with its Dutch name and deed. Anything else was typed
 * in by the uploader and is shown as written.
 */
export function licenceDisplay(value: string): LicenceDisplay {
  const known = findLicence(value)
  return known ? { name: known.name, deed: known.deed } : { name: value, deed: null }
}
