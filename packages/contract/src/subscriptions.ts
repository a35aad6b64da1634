import { z } from 'zod'
import { HONEYPOT_FIELD } from './data-requests.ts'
import { multiLineText, singleLineText } from './text.ts'

/** Paths after /pubapi: subscribing, and the links in the mails (issue 34). */
export const SUBSCRIPTION_PATHS = {
  subscribe: '/subscriptions',
  confirm: '/subscriptions/confirm',
  /** RFC 8058: the `List-Unsubscribe` URL; a POST to it unsubscribes without more. */
  unsubscribe: '/subscriptions/unsubscribe',
  manage: '/subscriptions/manage',
  manageOne: (id: string) => `/subscriptions/manage/${id}`,
} as const

/** The web app's landing pages for the links in the mails (apps/web shared/routes.ts). */
export const SUBSCRIPTION_PAGES = {
  confirm: '/volgen/bevestigen',
  unsubscribe: '/volgen/afmelden',
  manage: '/volgen/beheren',
} as const

export const SubscriptionFrequency = z.enum(['direct', 'dagelijks', 'wekelijks'])
export type SubscriptionFrequency = z.infer<typeof SubscriptionFrequency>

export const SUBSCRIPTION_LIMITS = {
  email: 320,
  query: 2_000,
  theme: 200,
  token: 100,
} as const

export const SUBSCRIPTION_MESSAGES = {
  email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
  frequency: 'Kies hoe vaak u e-mail wilt ontvangen.',
  oneSubject: 'Volg precies één zoekopdracht, thema of document.',
  unknownField: 'Onbekend veld.',
  accepted:
    'Controleer uw e-mail: als het adres nog bevestigd moet worden, hebt u een e-mail met een bevestigingslink ontvangen.',
  tooMany:
    'Er zijn het afgelopen uur te veel aanmeldingen verstuurd. Probeer het over een uur opnieuw.',
  unknownToken: 'Deze link is niet (meer) geldig. Misschien is hij verlopen of al gebruikt.',
} as const

const M = SUBSCRIPTION_MESSAGES

/** POST /pubapi/subscriptions: follow a search, a theme or a document by e-mail. */
export const SubscriptionRequest = z
  .strictObject(
    {
      email: singleLineText({ error: M.email }, M.email)
        .trim()
        .max(SUBSCRIPTION_LIMITS.email, { error: M.email })
        .pipe(z.email({ error: M.email })),
      frequency: SubscriptionFrequency.describe('direct, or a daily or weekly digest'),
      query: singleLineText()
        .max(SUBSCRIPTION_LIMITS.query)
        .optional()
        .describe('The query string of a /zoeken page, e.g. query=fiets&tags=Verkeer'),
      theme: singleLineText().trim().min(1).max(SUBSCRIPTION_LIMITS.theme).optional(),
      documentId: z.uuid().optional(),
      [HONEYPOT_FIELD]: multiLineText().max(2_000).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : undefined) },
  )
  .refine(
    (body) => [body.query, body.theme, body.documentId].filter((v) => v !== undefined).length === 1,
    { error: M.oneSubject },
  )
  .meta({ id: 'SubscriptionRequest' })
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>
export type SubscriptionRequestInput = z.input<typeof SubscriptionRequest>

/** 202, the same for every address: nothing tells whether it was known. */
export const SubscriptionAccepted = z
  .object({ message: z.string() })
  .meta({ id: 'SubscriptionAccepted' })

/** A link's token (base64url): text by the portal's rule, and nothing but its alphabet. */
const Token = singleLineText()
  .min(1)
  .max(SUBSCRIPTION_LIMITS.token)
  .refine((token) => /^[A-Za-z0-9_-]+$/.test(token), { error: 'Deze link is ongeldig.' })

export const SubscriptionTokenBody = z.strictObject({ token: Token })
export const SubscriptionTokenQuery = z.strictObject({ token: Token })
/** RFC 8058: the one-click POST carries `List-Unsubscribe=One-Click` (form-encoded). */
export const OneClickUnsubscribeBody = z
  .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
  .nullish()

export const SubscriptionSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zoekopdracht'), query: z.string() }),
  z.object({ kind: z.literal('thema'), theme: z.string() }),
  z.object({ kind: z.literal('document'), documentId: z.uuid(), title: z.string().nullable() }),
])
export type SubscriptionSubject = z.infer<typeof SubscriptionSubject>

/** One subscription on the manage page: never the address. */
export const ManagedSubscription = z
  .object({
    id: z.uuid(),
    frequency: SubscriptionFrequency,
    subject: SubscriptionSubject,
    confirmed: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'ManagedSubscription' })
export type ManagedSubscription = z.infer<typeof ManagedSubscription>

export const ManagedSubscriptions = z
  .object({ subscriptions: z.array(ManagedSubscription) })
  .meta({ id: 'ManagedSubscriptions' })
export type ManagedSubscriptions = z.infer<typeof ManagedSubscriptions>

export const SubscriptionOutcome = z
  .object({ changed: z.boolean() })
  .meta({ id: 'SubscriptionOutcome' })
export type SubscriptionOutcome = z.infer<typeof SubscriptionOutcome>

export const SubscriptionIdParams = z.strictObject({ id: z.uuid() })
