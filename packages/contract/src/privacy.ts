import { z } from 'zod'
import { listOf } from './common.ts'
import { pagingParams } from './search.ts'
import { multiLineText } from './text.ts'

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

/** The kinds in Dutch, for the screens and messages: one place, so they read the same everywhere. */
export const PRIVACY_KIND_NAMES: Record<PrivacyKind, string> = {
  bsn: 'BSN',
  iban: 'IBAN (rekeningnummer)',
  email: 'E-mailadres',
  telefoon: 'Telefoonnummer',
  'postcode-huisnummer': 'Postcode met huisnummer',
  kenteken: 'Kenteken',
  betaalkaart: 'Betaalkaartnummer',
}

export const PRIVACY_LIMITS = { reasonMax: 1_000 } as const

/** Why an approval is refused for the check (409 problem details), so a client can tell. */
export const PRIVACY_APPROVAL_MESSAGES = {
  blocked: 'Controleer eerst de mogelijke persoonsgegevens.',
  pending:
    'De controle op persoonsgegevens loopt nog. Probeer het over een ogenblik opnieuw goed te keuren.',
} as const

/** Whether the check keeps a document from approval: a scan under way, or anything unjudged. */
export const privacyBlocksApproval = (privacy: DocumentPrivacy | undefined): boolean =>
  privacy !== undefined &&
  (privacy.pending || privacy.status === 'bevindingen' || privacy.status === 'niet-gecontroleerd')

const REASON_MESSAGE = 'Vul een reden in.'
const reasonText = multiLineText({ error: REASON_MESSAGE })
  .trim()
  .min(1, { error: REASON_MESSAGE })
  .max(PRIVACY_LIMITS.reasonMax, {
    error: `Een reden is hoogstens ${PRIVACY_LIMITS.reasonMax} tekens lang.`,
  })

/**
 * One possible piece of personal data in a document: the kind, where, the first value masked,
 * a few words around it and how many values of this kind are at this place. The value itself
 * is never stored or sent.
 */
export const PrivacyFinding = z
  .object({
    id: z.uuid(),
    kind: PrivacyKind,
    fileId: z.uuid().optional().describe('The file it is in; absent for the title and description'),
    fileName: z.string().optional(),
    location: z
      .string()
      .describe("Where, in Dutch: 'titel', 'pagina 3', \"blad 'Gegevens', kolom 'bsn' (C)\""),
    masked: z.string().describe('The first value, masked: `***.**.*782`'),
    context: z.string().describe('A few words around it, the value masked'),
    count: z.number().int().positive(),
    resolution: PrivacyResolution.optional().describe("An admin's judgement; absent while open"),
    reason: z.string().optional().describe("The admin's reason for the resolution"),
    resolvedBy: z.string().optional().describe('Display name of the admin who judged it'),
    resolvedAt: z.string().optional(),
    ownerNote: z
      .string()
      .optional()
      .describe("The owner's reason for marking it 'geen persoonsgegeven' (not a review)"),
  })
  .meta({ id: 'PrivacyFinding' })
export type PrivacyFinding = z.infer<typeof PrivacyFinding>

/**
 * A part of a document that could not be checked: a file whose text could not be read, or
 * (fileId absent) its title and description. Approving it needs an admin's explicit review.
 */
export const PrivacyUnscanned = z
  .object({
    fileId: z.uuid().optional(),
    fileName: z.string().optional(),
    reason: z.string().describe('Why it could not be checked (Dutch)'),
    reviewReason: z.string().optional().describe("The reviewing admin's account of checking it"),
    reviewedBy: z.string().optional(),
    reviewedAt: z.string().optional(),
  })
  .meta({ id: 'PrivacyUnscanned' })
export type PrivacyUnscanned = z.infer<typeof PrivacyUnscanned>

/**
 * A document's personal-data check, for its owner and admins only: never in a /pubapi answer.
 * `pending` while a scan is under way (approval waits for it). `niet-gecontroleerd`: not (yet,
 * or not fully) checked; `bevindingen`: findings an admin has not judged; `beoordeeld`: all
 * judged; `geen-bevindingen`: checked, nothing found.
 */
export const DocumentPrivacy = z
  .object({
    status: PrivacyStatus,
    pending: z.boolean().describe('A scan is under way'),
    findings: z.array(PrivacyFinding),
    unscanned: z.array(PrivacyUnscanned),
  })
  .meta({ id: 'DocumentPrivacy' })
export type DocumentPrivacy = z.infer<typeof DocumentPrivacy>

/**
 * POST /documents/{id}/privacy-review (an admin other than the uploader): a judgement of each
 * open finding, and of each part that could not be checked ('I checked it by hand'). 'Moet
 * weg' is not a resolution: that is a disapproval (privacy-sensitive) with the finding as reason.
 */
export const PrivacyReviewRequest = z
  .strictObject({
    findings: z
      .array(z.strictObject({ id: z.uuid(), resolution: PrivacyResolution, reason: reasonText }))
      .max(1_000)
      .default([]),
    unscanned: z
      .array(z.strictObject({ fileId: z.uuid().nullable(), reason: reasonText }))
      .max(1_000)
      .default([]),
  })
  .refine((review) => review.findings.length + review.unscanned.length > 0, {
    error: 'Beoordeel ten minste één bevinding.',
    path: ['findings'],
  })
  .meta({ id: 'PrivacyReviewRequest' })
export type PrivacyReviewRequest = z.infer<typeof PrivacyReviewRequest>

/** POST /documents/{id}/privacy-findings/{findingId}/owner-note: the owner says why it is no personal data. */
export const PrivacyOwnerNote = z
  .strictObject({ reason: reasonText })
  .meta({ id: 'PrivacyOwnerNote' })
export type PrivacyOwnerNote = z.infer<typeof PrivacyOwnerNote>

export const PrivacyFindingParams = z.strictObject({ id: z.uuid(), findingId: z.uuid() })

/** Per kind, how many open findings a document has (the validation list's counts). */
export const PrivacyCounts = z.partialRecord(PrivacyKind, z.number().int().nonnegative())

/** A published document with findings no admin has judged: the admins' list. */
export const PublishedWithFindings = z
  .object({
    contentUID: z.uuid(),
    title: z.string(),
    owner: z.string().nullable(),
    harvestSource: z.string().nullable(),
    published: z.string().nullable(),
    status: PrivacyStatus,
    openCounts: PrivacyCounts,
  })
  .meta({ id: 'PublishedWithFindings' })
export type PublishedWithFindings = z.infer<typeof PublishedWithFindings>

export const PublishedWithFindingsQuery = z.strictObject({ ...pagingParams })
export type PublishedWithFindingsQuery = z.infer<typeof PublishedWithFindingsQuery>

export const PublishedWithFindingsList = listOf(PublishedWithFindings).meta({
  id: 'PublishedWithFindingsList',
})
export type PublishedWithFindingsList = z.infer<typeof PublishedWithFindingsList>
