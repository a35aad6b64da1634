import { z } from 'zod'

/**
 * The personal-data check (issue 32): what the scanner looks for in a document's files,
 * title and description before it is published. Findings are for the owner and admins only.
 */
export const PRIVACY_KINDS = [
  'bsn',
  'iban',
  'email',
  'telefoon',
  'postcode-huisnummer',
  'kenteken',
  'betaalkaart',
] as const
export const PrivacyKind = z.enum(PRIVACY_KINDS)
export type PrivacyKind = z.infer<typeof PrivacyKind>

/** Where a document stands: not (yet, or not fully) checked, clean, findings open, reviewed. */
export const PRIVACY_STATUSES = [
  'niet-gecontroleerd',
  'geen-bevindingen',
  'bevindingen',
  'beoordeeld',
] as const
export const PrivacyStatus = z.enum(PRIVACY_STATUSES)
export type PrivacyStatus = z.infer<typeof PrivacyStatus>

/** An admin's judgement of a finding; 'moet weg' is a disapproval, not a resolution. */
export const PRIVACY_RESOLUTIONS = ['geen-persoonsgegeven', 'mag-openbaar'] as const
export const PrivacyResolution = z.enum(PRIVACY_RESOLUTIONS)
export type PrivacyResolution = z.infer<typeof PrivacyResolution>
