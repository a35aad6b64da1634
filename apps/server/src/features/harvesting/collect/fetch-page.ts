import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { pipeline, type Readable, type Transform } from 'node:stream'
import zlib from 'node:zlib'
import { HarvestCollectError } from '../record.ts'
import {
  guardedLookup,
  isHttpUrl,
  isRefusedAddress,
  literalAddress,
  RefusedAddressError,
} from '../../../shared/outbound/addresses.ts'
import { networkReason } from '../../../shared/outbound/network-reason.ts'
import { bytes, seconds, USER_AGENT, type CollectLimits } from './limits.ts'

export interface FetchedPage {
  /** Where the body came from after redirects: the base of the page's relative URLs. */
  url: string
  status: number
  /** The media type without parameters, lower case; '' when the source sent none. */
  contentType: string
  body: string
}

/**
 * Whether `url` is on the source's origin (scheme, host and port of the address an admin
 * entered), or on that host's https when the source was entered as plain http: the same
 * server, secured. Redirects, next pages and contexts go nowhere else, so a source cannot
 * make the server read another (the portal's own API, a service inside the network).
 */
export function onSourceOrigin(url: URL, source: URL): boolean {
  if (url.origin === source.origin) return true
  return (
    source.protocol === 'http:' &&
    source.port === '' &&
    url.protocol === 'https:' &&
    url.port === '' &&
    url.hostname === source.hostname
  )
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

/** The encodings asked for, and how each is read; the size limit counts the decoded bytes. */
const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
}
const ACCEPT_ENCODING = 'gzip, deflate, br'

/** One request, its response's headers once they are in; the connection refuses link-local. */
function request(url: URL, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        headers: { accept, 'accept-encoding': ACCEPT_ENCODING, 'user-agent': USER_AGENT },
        lookup: guardedLookup,
        signal,
      },
      resolve,
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** The body, decoded, read no further than `max` bytes. */
async function readBody(response: IncomingMessage, max: number, tooLarge: () => Error) {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase()
  const decoder = DECODERS[encoding]
  let body: Readable = response
  // pipeline() passes a failure of either side on, so reading the decoded body throws it.
  if (decoder) body = pipeline(response, decoder(), () => {})
  else if (encoding !== '' && encoding !== 'identity') {
    response.destroy()
    throw Object.assign(new Error('unknown content encoding'), { code: 'Z_DATA_ERROR' })
  }
  const chunks: Buffer[] = []
  let size = 0
  // The declared length can lie (or be absent): the bytes are counted as they come.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > max) {
      response.destroy()
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * Fetches page `page` of a source within the limits: only http(s), one timeout for the
 * request, its redirects and its body, and a body read no further than `maxPageBytes`.
 * Redirects are followed on the source's origin only, and no connection is made to a
 * link-local address (addresses.ts). A failure throws a HarvestCollectError naming the page,
 * in the portal's words. An HTTP error fails the page too, unless `errorBodies` asks for its
 * body (a CKAN error is told in one).
 */
export async function fetchPage(
  url: URL,
  page: number,
  accept: string,
  limits: CollectLimits,
  options: { source: URL; errorBodies?: boolean },
): Promise<FetchedPage> {
  const fail = (reason: string) =>
    new HarvestCollectError(`Pagina ${page} kon niet worden opgehaald: ${reason} (${url.href})`)
  const refused = (address: string) =>
    new HarvestCollectError(
      `Pagina ${page} wordt niet opgehaald: ${address} is een link-local adres, waar een cloud de sleutels van de server uitdeelt; zo'n adres leest de harvester nooit (${url.href}).`,
    )
  const signal = AbortSignal.timeout(limits.requestTimeoutMs)
  let current = url
  try {
    for (let redirects = 0; ; redirects++) {
      if (!isHttpUrl(current)) throw fail('alleen http- en https-adressen worden gelezen')
      const literal = literalAddress(current)
      if (literal !== null && isRefusedAddress(literal)) throw refused(literal)
      const response = await request(current, accept, signal)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (REDIRECTS.has(status) && location) {
        response.destroy()
        if (redirects === MAX_REDIRECTS) throw fail(`meer dan ${MAX_REDIRECTS} doorverwijzingen`)
        const next = URL.canParse(location, current.href) ? new URL(location, current) : null
        if (!next || !isHttpUrl(next)) throw fail('de doorverwijzing heeft geen http(s)-adres')
        if (!onSourceOrigin(next, options.source)) {
          throw fail(
            `de server verwijst door naar ${next.origin}, een andere server dan de bron; de harvester leest alleen de bron zelf`,
          )
        }
        current = next
        continue
      }
      if ((status < 200 || status > 299) && !options.errorBodies) {
        response.destroy()
        throw fail(`HTTP ${status}`)
      }
      const tooLarge = () =>
        new HarvestCollectError(`Pagina ${page} is groter dan ${bytes(limits.maxPageBytes)}.`)
      if (Number(response.headers['content-length']) > limits.maxPageBytes) {
        response.destroy()
        throw tooLarge()
      }
      const body = await readBody(response, limits.maxPageBytes, tooLarge)
      const contentType = response.headers['content-type'] ?? ''
      return {
        url: current.href,
        status,
        contentType: contentType.split(';')[0]!.trim().toLowerCase(),
        body: new TextDecoder().decode(body),
      }
    }
  } catch (error) {
    if (error instanceof HarvestCollectError) throw error
    if (signal.aborted) {
      throw new HarvestCollectError(
        `Pagina ${page} gaf binnen ${seconds(limits.requestTimeoutMs)} seconden geen antwoord (${url.href}).`,
      )
    }
    if (error instanceof RefusedAddressError) throw refused(error.address)
    throw fail(networkReason(error))
  }
}
