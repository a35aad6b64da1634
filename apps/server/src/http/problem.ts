import type { FastifyReply } from 'fastify'
import type { Problem } from '@dataportaal/contract'

/** Dutch titles for the statuses the API answers with. */
const TITLES: Record<number, string> = {
  400: 'Ongeldig verzoek',
  401: 'Niet aangemeld',
  403: 'Geen toegang',
  404: 'Niet gevonden',
  405: 'Methode niet toegestaan',
  406: 'Niet aanvaardbaar',
  408: 'Verzoek duurde te lang',
  409: 'Conflict',
  413: 'Bestand te groot',
  414: 'Adres te lang',
  415: 'Bestandstype niet toegestaan',
  422: 'Ongeldige invoer',
  429: 'Te veel verzoeken',
  431: 'Kopregels te groot',
  500: 'Er ging iets mis',
  503: 'Dienst niet beschikbaar',
  507: 'Opslag vol',
}

export const problemTitle = (status: number) =>
  TITLES[status] ?? (status >= 500 ? TITLES[500]! : TITLES[400]!)

/** An error a service throws to answer with a specific status and a Dutch explanation. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly errors?: Problem['errors'],
  ) {
    super(detail ?? problemTitle(status))
    this.name = 'HttpProblem'
  }
}

export const notFound = (detail = 'Dit document bestaat niet of u mag het niet zien.') =>
  new HttpProblem(404, detail)

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** The RFC 9457 document for `status`; `instance` is the request's path when there is one. */
export function problemDocument(
  status: number,
  detail?: string,
  instance?: string,
  errors?: Problem['errors'],
): Problem {
  return {
    type: 'about:blank',
    title: problemTitle(status),
    status,
    ...(detail ? { detail } : {}),
    ...(instance === undefined ? {} : { instance }),
    ...(errors ? { errors } : {}),
  }
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail?: string,
  errors?: Problem['errors'],
) {
  const body = problemDocument(status, detail, reply.request.url.split('?')[0], errors)
  return reply.status(status).type(PROBLEM_CONTENT_TYPE).send(body)
}
