import type { PrivacyKind } from '@dataportaal/contract'

/**
 * The seam between finding personal data (this folder: patterns and checksums, run in the
 * reader worker thread where a file's text and tables are read) and keeping the findings
 * (the privacy feature: storing, review, the approval rule).
 */

/**
 * One finding: a kind of personal data at one place. A table's column is one finding with a
 * count, not a finding per cell. The value itself is never in it, only `masked`.
 */
export interface PersonalDataFinding {
  kind: PrivacyKind
  /**
   * Where, in Dutch, for the owner and the admin: 'titel', 'beschrijving', 'pagina 3',
   * 'regel 12', "blad 'Gegevens', kolom 'bsn' (C), rij 2 tot 1001". Never holds the value.
   */
  location: string
  /** The first value found, masked so it cannot be read back: `***.**.*782`. */
  masked: string
  /** A few words around the first value, with the value itself masked too. */
  context: string
  /** How many values of this kind at this place (cells of a column, hits on a page). */
  count: number
}

/** A text to scan that is not a file: a document's title or description. */
export interface TextToScan {
  /** Dutch, as PersonalDataFinding.location: 'titel', 'beschrijving'. */
  location: string
  text: string
}

/**
 * The outcome of scanning one file: findings (possibly none), or why the file could not be
 * scanned (Dutch, for the owner and admins; the document is then 'niet gecontroleerd').
 */
export type FileScan = { ok: true; findings: PersonalDataFinding[] } | { ok: false; reason: string }
