import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/** One message as the sink received it: the envelope and the message as sent. */
export interface SunkMail {
  mailFrom: string
  rcptTo: string[]
  raw: string
}

/**
 * A real SMTP server on loopback, without TLS or authentication, that takes every message
 * and writes it to `dir` as `<sequence>.json` (a SunkMail), so the specs in the workers
 * read what the server in the main process sent. Written under another name first and
 * renamed, so a reader never sees half a message.
 */
export async function startSmtpSink(dir: string): Promise<{ port: number }> {
  let sequence = 0
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope
        const mail: SunkMail = {
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        const name = String(++sequence).padStart(6, '0')
        const partial = path.join(dir, `${name}.partial`)
        fs.promises
          .writeFile(partial, JSON.stringify(mail))
          .then(() => fs.promises.rename(partial, path.join(dir, `${name}.json`)))
          .then(
            () => callback(),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          )
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  // It serves as long as the run does, without keeping the runner from ending.
  server.server.unref()
  return { port: (server.server.address() as AddressInfo).port }
}
