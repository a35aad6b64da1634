import { HarvestCollectError } from '../record.ts'
import { bytes, seconds, USER_AGENT, type CollectLimits } from './limits.ts'

export interface FetchedPage {
  /** Where the body came from after redirects: the base of the page's relative URLs. */
  url: string
  status: number
  /** The media type without parameters, lower case; '' when the source sent none. */
  contentType: string
  body: string
}

export const isHttpUrl = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:'

/**
 * Fetches page `page` of a source within the limits: only http(s), one timeout for the
 * request and its body, and a body read no further than `maxPageBytes`. A failure throws a
 * HarvestCollectError naming the page. An HTTP error fails the page too, unless
 * `errorBodies` asks for its body (a CKAN error is explained in one).
 */
export async function fetchPage(
  url: URL,
  page: number,
  accept: string,
  limits: CollectLimits,
  options: { errorBodies?: boolean } = {},
): Promise<FetchedPage> {
  const fail = (reason: string) =>
    new HarvestCollectError(`Pagina ${page} kon niet worden opgehaald: ${reason} (${url.href})`)
  if (!isHttpUrl(url)) throw fail(`alleen http- en https-adressen worden gelezen`)
  const timedOut = () =>
    new HarvestCollectError(
      `Pagina ${page} gaf binnen ${seconds(limits.requestTimeoutMs)} seconden geen antwoord (${url.href}).`,
    )
  try {
    const response = await fetch(url, {
      headers: { accept, 'user-agent': USER_AGENT },
      redirect: 'follow',
      signal: AbortSignal.timeout(limits.requestTimeoutMs),
    })
    if (!response.ok && !options.errorBodies) {
      await response.body?.cancel()
      throw fail(`HTTP ${response.status}`)
    }
    const tooLarge = () =>
      new HarvestCollectError(`Pagina ${page} is groter dan ${bytes(limits.maxPageBytes)}.`)
    const declared = Number(response.headers.get('content-length'))
    if (declared > limits.maxPageBytes) {
      await response.body?.cancel()
      throw tooLarge()
    }
    const chunks: Uint8Array[] = []
    let size = 0
    // The declared length can lie (or be absent): the bytes are counted as they come.
    if (response.body) {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        if (size > limits.maxPageBytes) {
          await reader.cancel()
          throw tooLarge()
        }
        chunks.push(value)
      }
    }
    return {
      url: response.url || url.href,
      status: response.status,
      contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
      body: new TextDecoder().decode(Buffer.concat(chunks)),
    }
  } catch (error) {
    if (error instanceof HarvestCollectError) throw error
    if (error instanceof Error && error.name === 'TimeoutError') throw timedOut()
    throw fail(describeFetchError(error))
  }
}

/** fetch() says "fetch failed" and hides the reason (refused, unknown host) in its cause. */
function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code
    return code ? `${cause.message} (${code})` : cause.message
  }
  return error.message
}
