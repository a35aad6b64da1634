import type { SendMailOptions } from 'nodemailer'
import { escapeHtml } from '../../shared/html.ts'

/** A stored data question, as the delivery job reads it. */
export type StoredDataRequest = {
  id: string
  name: string
  email: string
  organisation: string | null
  subject: string
  message: string
  createdAt: Date
}

export interface MailSettings {
  portalName: string
  from: string
  to: string
}

const TEXTS = {
  heading: 'Nieuwe datavraag via het dataportaal',
  name: 'Naam',
  email: 'E-mailadres',
  organisation: 'Organisatie',
  noOrganisation: '(niet opgegeven)',
  subject: 'Onderwerp',
  received: 'Ontvangen',
  reference: 'Kenmerk',
  question: 'Vraag',
  howToAnswer: 'Beantwoord deze e-mail om de vraagsteller te antwoorden.',
  subjectLine: (subject: string) => `Datavraag: ${subject}`,
}

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date)

/** The domain of an address, for a Message-ID the data team's mailbox can recognise. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || 'localhost'

/**
 * The mail to the data team. Names go in address objects and the subject was checked to be
 * one line, so nothing the requester typed can add a header. The Message-ID is derived from
 * the request id: a rare second delivery (a crash right after sending) is recognisable as
 * the same message.
 */
export function dataRequestMail(
  request: StoredDataRequest,
  settings: MailSettings,
): SendMailOptions {
  const fields: [string, string][] = [
    [TEXTS.name, request.name],
    [TEXTS.email, request.email],
    [TEXTS.organisation, request.organisation || TEXTS.noOrganisation],
    [TEXTS.subject, request.subject],
    [TEXTS.received, formatDate(request.createdAt)],
    [TEXTS.reference, request.id],
  ]
  const text = [
    TEXTS.heading,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    `${TEXTS.question}:`,
    request.message,
    '',
    '-- ',
    TEXTS.howToAnswer,
  ].join('\n')
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding-right:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = [
    '<!doctype html><html lang="nl"><body>',
    `<h1>${escapeHtml(TEXTS.heading)}</h1>`,
    `<table>${rows}</table>`,
    `<h2>${escapeHtml(TEXTS.question)}</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(request.message)}</p>`,
    `<p><small>${escapeHtml(TEXTS.howToAnswer)}</small></p>`,
    '</body></html>',
  ].join('\n')
  return {
    from: { name: settings.portalName, address: settings.from },
    to: settings.to,
    replyTo: { name: request.name, address: request.email },
    subject: TEXTS.subjectLine(request.subject),
    messageId: `<datavraag-${request.id}@${domainOf(settings.from)}>`,
    date: request.createdAt,
    text,
    html,
  }
}
