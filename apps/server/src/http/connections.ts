import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyHttpOptions, FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { PROBLEM_CONTENT_TYPE, problemDocument } from './problem.ts'

/** Node checks the request and header deadlines on this beat; a short deadline needs a short beat. */
const MAX_DEADLINE_CHECK_MS = 30_000

type ConnectionOptions = Pick<
  FastifyHttpOptions<Server>,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http' | 'clientErrorHandler'
>

/**
 * How long a client may take: the whole request (`requestTimeout`, long enough for the largest
 * upload over a slow line), its headers, silence on a busy connection and on an idle
 * keep-alive one. Without them a client that sends slowly holds a connection for ever.
 */
export function connectionOptions(http: Config['http']): ConnectionOptions {
  // Node refuses a headers deadline past the request deadline.
  const headersTimeout = Math.min(http.headersTimeoutMs, http.requestTimeoutMs)
  return {
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      requestTimeout: http.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.min(MAX_DEADLINE_CHECK_MS, Math.ceil(headersTimeout / 2)),
    },
    clientErrorHandler: answerClientError,
  }
}

/** What Node's parser refuses before there is a request, in Dutch. */
const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    detail: 'Het verzoek kwam niet op tijd binnen. Probeer het opnieuw.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    detail: 'Het adres of de kopregels (headers) van het verzoek zijn te lang.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    detail: 'Het verzoek bevat te lange chunk-extensies.',
  },
}
const MALFORMED = { status: 400, detail: 'Het verzoek kan niet worden gelezen.' }

/** The bytes the parser had read when it gave up (Node sets it on parser errors). */
const rawPacketOf = (error: ConnectionError): Buffer | undefined => {
  const packet: unknown = (error as ConnectionError & { rawPacket?: unknown }).rawPacket
  return Buffer.isBuffer(packet) ? packet : undefined
}

/**
 * Node's parser errors (too-long URL or headers, deadlines, malformed HTTP) as problem
 * details. There is no request object yet, so the answer is written on the socket itself.
 */
function answerClientError(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  // A response already under way cannot be replaced; the connection can only be ended.
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (!socket.writable || response?.headersSent) {
    socket.destroy()
    return
  }
  const { status, detail } = CLIENT_ERRORS[error.code] ?? MALFORMED
  const body = JSON.stringify(problemDocument(status, detail))
  // An answer to HEAD has headers only; a body after them is read as garbage by the client.
  const head = rawPacketOf(error)?.subarray(0, 5).toString('latin1') === 'HEAD '
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      head ? '' : body,
    ].join('\r\n'),
  )
}

/**
 * A request whose body has not (all) arrived: answered before it was read. (`complete` is
 * unset on the requests of `inject()`, which have no connection to keep.)
 */
const hasUnreadBody = (raw: IncomingMessage) =>
  (raw.complete as boolean | undefined) === false &&
  ((raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0') ||
    raw.headers['transfer-encoding'] !== undefined)

/**
 * How long, and how much, a connection lingers after an early answer, reading what still
 * arrives: enough for a client to finish writing an upload somewhat over the limit, too
 * little for anyone to hold connections or the server's reading with it (docs/security.md).
 */
export const LINGER = { ms: 2000, bytes: 8 * 1024 * 1024 }

/**
 * An answer sent before the body was read (413, 415, 401 on an upload, any early error)
 * leaves the rest of the body on the connection: the next request on it would be parsed
 * from the middle of an upload, or wait behind it. Such a connection is closed after the
 * answer, and says so (`Connection: close`), so the client opens a new one for its next
 * request. The close lingers: a client that writes its whole body before it reads (Node's
 * fetch does) gets a reset instead of the answer if the connection closes under it. So our
 * side ends after the answer, and what still arrives is read and dropped until the client
 * closes its side, for at most LINGER.
 */
export function closeAfterEarlyAnswer(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (hasUnreadBody(request.raw)) {
      reply.header('connection', 'close')
      request.raw.resume()
      const socket = request.raw.socket
      // Node ends a `Connection: close` socket with destroySoon once the answer is written.
      socket.destroySoon = () => lingerThenClose(socket, request.raw)
    }
    return payload
  })
}

function lingerThenClose(socket: Socket, body: IncomingMessage) {
  if (socket.destroyed) return
  socket.end()
  const close = () => socket.destroy()
  const deadline = setTimeout(close, LINGER.ms)
  socket.once('close', () => clearTimeout(deadline))
  // The parser still hands the body to the request, which drops it (resumed above).
  let dropped = 0
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > LINGER.bytes) close()
  })
}
