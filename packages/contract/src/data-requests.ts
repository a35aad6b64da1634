import { z } from 'zod'
import { API_PREFIX } from './common.ts'
import { multiLineText, singleLineText } from './text.ts'

/** POST here (no path after the mail prefix, no token) to send a data question. */
export const DATA_REQUEST_URL = API_PREFIX.mail

export const DATA_REQUEST_LIMITS = {
  name: 200,
  email: 320,
  organisation: 200,
  subject: 200,
  message: 10_000,
} as const

/**
 * The honeypot: a field people never see or reach. A request with a value in it is answered
 * like any other but dropped.
 */
export const HONEYPOT_FIELD = 'website'

export const DATA_REQUEST_MESSAGES = {
  name: 'Vul uw naam in.',
  nameTooLong: `Uw naam mag niet langer zijn dan ${DATA_REQUEST_LIMITS.name} tekens.`,
  email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
  emailTooLong: `Een e-mailadres mag niet langer zijn dan ${DATA_REQUEST_LIMITS.email} tekens.`,
  organisationTooLong: `De naam van de organisatie mag niet langer zijn dan ${DATA_REQUEST_LIMITS.organisation} tekens.`,
  subject: 'Vul een onderwerp in.',
  subjectTooLong: `Het onderwerp mag niet langer zijn dan ${DATA_REQUEST_LIMITS.subject} tekens.`,
  message: 'Vul uw vraag in.',
  messageTooLong: `Uw vraag mag niet langer zijn dan ${DATA_REQUEST_LIMITS.message.toLocaleString('nl-NL')} tekens.`,
  consent: 'Geef toestemming om uw gegevens te gebruiken voor het beantwoorden van uw vraag.',
  oneLine: 'Gebruik één regel zonder speciale tekens.',
  unknownField: 'Onbekend veld.',
} as const

const M = DATA_REQUEST_MESSAGES

/**
 * One line: a name and a subject end up in mail headers, where a line break would start a
 * new header.
 */
const oneLine = (required: string, max: number, tooLong: string) =>
  singleLineText({ error: required }, M.oneLine)
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })

/** POST /mail: a question for the data team (decisions.md, "Data question"). */
export const DataRequest = z
  .strictObject(
    {
      name: oneLine(M.name, DATA_REQUEST_LIMITS.name, M.nameTooLong),
      email: singleLineText({ error: M.email }, M.email)
        .trim()
        .max(DATA_REQUEST_LIMITS.email, { error: M.emailTooLong })
        .pipe(z.email({ error: M.email })),
      organisation: singleLineText({ error: M.organisationTooLong }, M.oneLine)
        .trim()
        .max(DATA_REQUEST_LIMITS.organisation, { error: M.organisationTooLong })
        .optional(),
      subject: oneLine(M.subject, DATA_REQUEST_LIMITS.subject, M.subjectTooLong),
      message: multiLineText({ error: M.message })
        .trim()
        .min(1, { error: M.message })
        .max(DATA_REQUEST_LIMITS.message, { error: M.messageTooLong }),
      consent: z.literal(true, { error: M.consent }),
      [HONEYPOT_FIELD]: multiLineText().max(2_000).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : undefined) },
  )
  .meta({ id: 'DataRequest' })
export type DataRequest = z.infer<typeof DataRequest>
/** What the form sends, before validation. */
export type DataRequestInput = z.input<typeof DataRequest>

/** 202: stored; it is delivered to the data team in the background. */
export const DataRequestAccepted = z
  .object({ id: z.uuid().describe('Reference of the stored question') })
  .meta({ id: 'DataRequestAccepted' })
export type DataRequestAccepted = z.infer<typeof DataRequestAccepted>

/**
 * The header that makes a retried question safe (IETF draft "The Idempotency-Key HTTP Header
 * Field"): the web app sends a new UUID with each question and the same one on every retry of
 * it, and the server answers a repeat within a day with the first answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/** How long the server remembers a key and its answer. */
export const IDEMPOTENCY_KEY_HOURS = 24

/**
 * The headers of POST /mail that the contract describes. Loose: the server replaces a
 * request's headers with what the schema returns, and the others must stay.
 */
export const DataRequestHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .uuid({ error: 'Een Idempotency-Key is een UUID.' })
    .optional()
    .describe(
      `Een nieuwe UUID per vraag, dezelfde bij elke herhaling ervan. Een herhaling binnen ${IDEMPOTENCY_KEY_HOURS} uur krijgt het eerste antwoord; de vraag wordt niet nog eens opgeslagen of gemaild. Dezelfde sleutel met een andere vraag: 422.`,
    ),
})
export type DataRequestHeaders = z.infer<typeof DataRequestHeaders>
