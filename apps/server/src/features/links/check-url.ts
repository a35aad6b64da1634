import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import {
  guardedLookup,
  isHttpUrl,
  isRefusedAddress,
  literalAddress,
  RefusedAddressError,
} from '../../shared/outbound/addresses.ts'
import { networkReason } from '../../shared/outbound/network-reason.ts'

/** What one check of a URL found. */
export interface CheckOutcome {
  ok: boolean
  /** The last HTTP status answered; null when no answer came. */
  status: number | null
  /** Why it failed, in the portal's words (never the other side's text); null when ok. */
  error: string | null
}

export interface CheckOptions {
  userAgent: string
  /** The whole check: HEAD, the GET after it and every redirect (waits for a slot excluded). */
  timeoutMs: number
  maxRedirects: number
  /** Waits until a request to this host may go (at most one a second per host). */
  waitForHost: (hostname: string) => Promise<void>
}

export const CHECK_DEFAULTS = { timeoutMs: 10_000, maxRedirects: 5 } as const

const REDIRECTS = new Set([301, 302, 303, 307, 308])

class CheckFailure extends Error {
  constructor(
    readonly reason: string,
    /** Trying GET after a failed HEAD cannot help (a refused address, no time left). */
    readonly final = false,
  ) {
    super(reason)
  }
}

/** The response's headers, or a failure; the body is never read: the socket goes at once. */
function ask(url: URL, method: 'HEAD' | 'GET', userAgent: string, timeoutMs: number) {
  const client = url.protocol === 'https:' ? https : http
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method,
        headers: {
          'user-agent': userAgent,
          accept: '*/*',
          // One byte at most; a server that ignores it still has its body left unread.
          ...(method === 'GET' ? { range: 'bytes=0-0' } : {}),
        },
        lookup: guardedLookup,
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (response: IncomingMessage) => {
        const answer = { status: response.statusCode ?? 0, location: response.headers.location }
        response.destroy()
        outgoing.destroy()
        resolve(answer)
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/**
 * Follows `url` with one method, at most `maxRedirects` redirects, each hop only to http(s)
 * and never to a link-local address. Answers the final status.
 */
async function follow(
  start: URL,
  method: 'HEAD' | 'GET',
  options: CheckOptions,
  budget: Budget,
): Promise<number> {
  let current = start
  for (let redirects = 0; ; redirects++) {
    const literal = literalAddress(current)
    if (literal !== null && isRefusedAddress(literal)) {
      throw new CheckFailure(`${literal} is een link-local adres; dat wordt nooit bezocht`, true)
    }
    await options.waitForHost(current.hostname.toLowerCase())
    const leftMs = budget.leftMs()
    if (leftMs <= 0) throw timeout(options)
    const started = Date.now()
    let answer: { status: number; location: string | undefined }
    try {
      answer = await ask(current, method, options.userAgent, leftMs)
    } catch (error) {
      if (Date.now() - started >= leftMs - 5) throw timeout(options)
      if (error instanceof RefusedAddressError) {
        throw new CheckFailure(
          `${error.address} is een link-local adres; dat wordt nooit bezocht`,
          true,
        )
      }
      throw new CheckFailure(networkReason(error))
    } finally {
      budget.spend(Date.now() - started)
    }
    const { status, location } = answer
    if (!REDIRECTS.has(status) || !location) return status
    if (redirects === options.maxRedirects) {
      throw new CheckFailure(`meer dan ${options.maxRedirects} doorverwijzingen`, true)
    }
    const next =
      location && URL.canParse(location, current.href) ? new URL(location, current) : null
    if (!next || !isHttpUrl(next)) {
      throw new CheckFailure('de doorverwijzing heeft geen http(s)-adres', true)
    }
    current = next
  }
}

const timeout = (options: CheckOptions) =>
  new CheckFailure(
    `geen antwoord binnen ${(options.timeoutMs / 1000).toLocaleString('nl-NL')} ${options.timeoutMs === 1000 ? 'seconde' : 'seconden'}`,
    true,
  )

type Budget = ReturnType<typeof budgetOf>

/** A budget of `timeoutMs` that only the time spent on the network uses up. */
function budgetOf(timeoutMs: number) {
  let spent = 0
  return {
    leftMs: () => timeoutMs - spent,
    spend: (ms: number) => {
      spent += ms
    },
  }
}

/**
 * Checks one external URL as a visitor would reach it: HEAD, and when that is refused or
 * fails, a GET of one byte (Range: bytes=0-0) whose body is never read. Good is a 2xx answer
 * after at most `maxRedirects` redirects, within `timeoutMs` of network time in all.
 */
export async function checkUrl(url: string, options: CheckOptions): Promise<CheckOutcome> {
  if (!URL.canParse(url)) return { ok: false, status: null, error: 'geen geldig adres' }
  const target = new URL(url)
  if (!isHttpUrl(target)) {
    return { ok: false, status: null, error: 'alleen http- en https-adressen worden gecontroleerd' }
  }
  const budget = budgetOf(options.timeoutMs)
  let head: CheckOutcome
  try {
    const status = await follow(target, 'HEAD', options, budget)
    head = outcomeOf(status)
    if (head.ok) return head
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error
    head = { ok: false, status: null, error: error.reason }
    if (error.final) return head
  }
  try {
    return outcomeOf(await follow(target, 'GET', options, budget))
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error
    // The GET got no answer either: what HEAD was answered, if anything, says more.
    return head.status !== null ? head : { ok: false, status: null, error: error.reason }
  }
}

const outcomeOf = (status: number): CheckOutcome =>
  status >= 200 && status <= 299
    ? { ok: true, status, error: null }
    : { ok: false, status, error: `HTTP ${status}` }
