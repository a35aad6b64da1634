import type { PrivacyKind } from '@dataportaal/contract'

/*
 * What the detectors report, in a module of its own: each detector (numbers, phone, places)
 * writes these, and `detectors.ts` runs them all.
 */

/** A value found: its kind and where it stands in the text (`end` exclusive). */
export interface Hit {
  kind: PrivacyKind
  start: number
  end: number
}

/**
 * What a text holds: the values found, and per checksum kind the numbers of the right shape
 * that failed their checksum. A column or page full of the latter is a column of ordinary
 * numbers, in which one in eleven passes the elfproef by chance (see `findings.ts`).
 */
export interface Detection {
  hits: Hit[]
  misses: { bsn: number; betaalkaart: number }
}

export type ChecksumKind = keyof Detection['misses']
