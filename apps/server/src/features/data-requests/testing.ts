import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { DeliveryLog } from './delivery-job.ts'

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  mailFrom: string
  rcptTo: string[]
  raw: string
}

export interface TestSmtpServer {
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback, without TLS or authentication, that keeps what it gets;
 * `refuse` is an address it refuses for good (550), as a mailbox that does not exist.
 */
export async function startSmtpServer(
  options: { port?: number; refuse?: string } = {},
): Promise<TestSmtpServer> {
  const { port = 0, refuse } = options
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse && address.address.toLowerCase() === refuse) {
        const error: Error & { responseCode?: number } = new Error('No such mailbox')
        error.responseCode = 550
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope
        received.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (for "the SMTP server is down"), free to listen on later. */
export async function closedPort(): Promise<number> {
  const server = await startSmtpServer()
  await server.close()
  return server.port
}

/** The message's headers and its decoded parts (quoted-printable or 8bit). */
export function readMail(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw
    .slice(split + 4)
    .replace(/=\r\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (encoded) =>
      Buffer.from(encoded.replace(/=/g, ''), 'hex').toString('utf8'),
    )
  const header = (name: string) =>
    headers
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim()
  return { headers, header, body }
}

export interface LogLine {
  level: 'info' | 'warn' | 'error'
  message: string
  details: unknown
}

/** A logger that keeps what it is told, for asserting on what an operator would see. */
export function recordingLog(): { log: DeliveryLog; lines: LogLine[] } {
  const lines: LogLine[] = []
  const at =
    (level: LogLine['level']) =>
    (details: unknown, message?: unknown): void => {
      lines.push({ level, message: typeof message === 'string' ? message : '', details })
    }
  return { log: { info: at('info'), warn: at('warn'), error: at('error') }, lines }
}
