import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import type { SunkMail } from './smtp-sink.ts'

/** Where the run's SMTP sink writes what the server sends (set in playwright.config.ts). */
export const MAIL_DIR_VARIABLE = 'DATAPORTAAL_E2E_MAIL_DIR'

/** A message as a mail client shows it: its headers and its text, decoded. */
export interface Mail {
  to: string[]
  header(name: string): string | undefined
  /** Every part of the body, quoted-printable decoded (the text and the HTML version). */
  body: string
}

function mailDir() {
  const dir = process.env[MAIL_DIR_VARIABLE]
  if (!dir)
    throw new Error(`${MAIL_DIR_VARIABLE} is not set: run the specs through playwright.config.ts`)
  return dir
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= or ?B?), as a subject with a long or non-ASCII title has them. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (encoded) =>
      Buffer.from(encoded.replace(/=/g, ''), 'hex').toString('utf8'),
    )

function parse(sunk: SunkMail): Mail {
  const split = sunk.raw.indexOf('\r\n\r\n')
  const headerLines = sunk.raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
  return {
    to: sunk.rcptTo,
    header: (name) => {
      const line = headerLines.find((candidate) =>
        candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`),
      )
      return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim())
    },
    body: decodeQuotedPrintable(sunk.raw.slice(split + 4)),
  }
}

/** The messages the sink received for `address` so far, oldest first. */
export function mailsTo(address: string): Mail[] {
  const dir = mailDir()
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as SunkMail)
    .filter((sunk) => sunk.rcptTo.includes(address.toLowerCase()))
    .map(parse)
}

/** Waits until `address` has received `count` messages in all, and answers them. */
export async function waitForMails(address: string, count: number): Promise<Mail[]> {
  await expect
    .poll(() => mailsTo(address).length, {
      message: `${count} message(s) to ${address}`,
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count)
  return mailsTo(address)
}

/** The URL of the first link in the message that starts with `prefix` (a page or API URL). */
export function linkIn(mail: Mail, prefix: string): URL {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.body)
  if (!match) throw new Error(`no link to ${prefix} in the message`)
  return new URL(match[0])
}

/** The one-click unsubscribe URL of RFC 8058: the List-Unsubscribe header's http(s) URL. */
export function oneClickUnsubscribeUrl(mail: Mail): URL {
  const urls = [...(mail.header('List-Unsubscribe') ?? '').matchAll(/<([^>]+)>/g)].map(
    (match) => match[1] ?? '',
  )
  const web = urls.find((url) => /^https?:\/\//.test(url))
  if (!web) throw new Error('no http(s) URL in List-Unsubscribe')
  return new URL(web)
}
