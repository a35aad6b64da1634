/** Retry policy of every client request (spec section 9). */
export const RETRY_POLICY = {
  maxRetries: 3,
  retryableMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'],
  retryableStatus: (status: number) => status === 429 || (status >= 500 && status <= 599),
  exponentialBaseMs: 100,
  jitterRatio: 0.2,
} as const

/**
 * Host-lookup and certificate failures, as Node's fetch (undici) reports them in `cause.code`.
 * Retrying cannot fix them. Browsers hide the reason, so there they are retried like any
 * network error.
 */
const PERMANENT_ERROR_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])
const CAUSE_DEPTH = 3

/** `sleep` rejects with `signal.reason` when the signal aborts. */
export type Clock = { now(): number; sleep(ms: number, signal: AbortSignal): Promise<void> }

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export type RetryOptions = {
  exponential?: boolean
  totalTimeoutMs?: number
  clock?: Clock
  random?: () => number
  maxRetries?: number
}

// setTimeout fires at once for delays past 2^31 - 1 ms; a huge Retry-After must not mean "now".
const MAX_TIMER_MS = 2 ** 31 - 1

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal.reason)
      }
      const timer = setTimeout(
        () => {
          signal.removeEventListener('abort', onAbort)
          resolve()
        },
        Math.min(ms, MAX_TIMER_MS),
      )
      signal.addEventListener('abort', onAbort, { once: true })
    }),
}

export const isRetryableMethod = (method: string) =>
  RETRY_POLICY.retryableMethods.some((retryable) => retryable === method.toUpperCase())

export const isRetryableStatus = (status: number) => RETRY_POLICY.retryableStatus(status)

/** Network errors are retried; cancellations, timeouts, DNS and certificate failures are not. */
export function isRetryableError(error: unknown): boolean {
  // fetch reports every network failure as a TypeError, in browsers as well as in undici.
  if (!(error instanceof TypeError)) return false
  let link: unknown = error
  for (let depth = 0; depth < CAUSE_DEPTH && typeof link === 'object' && link; depth++) {
    const { name, code, cause } = link as { name?: unknown; code?: unknown; cause?: unknown }
    if (name === 'AbortError' || name === 'TimeoutError') return false
    if (typeof code === 'string' && PERMANENT_ERROR_CODES.has(code)) return false
    link = cause
  }
  return true
}

/** Retry-After as delta-seconds or HTTP-date, in ms from `nowMs`; undefined when absent or invalid. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  // Date.parse also accepts bare numbers such as "1.5"; an HTTP-date always names a day or month.
  if (!/[a-z]/i.test(value)) return undefined
  // HTTP-dates are GMT, but the asctime form does not say so and would be read as local time.
  const date = Date.parse(/GMT$/i.test(value) ? value : `${value} GMT`)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

/** Delay before retry number `attempt` (1-based). */
export function retryDelayMs(delay: {
  attempt: number
  retryAfter: string | null
  nowMs: number
  exponential?: boolean
  random?: () => number
}): number {
  const fromHeader = parseRetryAfter(delay.retryAfter, delay.nowMs)
  if (fromHeader !== undefined) return fromHeader
  if (!delay.exponential) return 0
  const base = RETRY_POLICY.exponentialBaseMs * 2 ** (delay.attempt - 1)
  return base * (1 + RETRY_POLICY.jitterRatio * (delay.random ?? Math.random)())
}

// A stream is consumed by the first attempt; everything else can be sent again.
function canResend(input: string | URL | Request, body: RequestInit['body']): boolean {
  if (input instanceof Request && input.body !== null) return false
  return (
    body == null ||
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
}

/**
 * fetch with the retry policy of spec section 9. The total timeout covers all attempts and the
 * waits between them, up to the final response's headers (reading its body is the caller's).
 * When retries run out, the last response is returned as it is.
 */
export async function fetchWithRetry(
  fetchFn: FetchFn,
  input: string | URL | Request,
  init: RequestInit = {},
  options: RetryOptions = {},
): Promise<Response> {
  const { clock = realClock, random = Math.random, exponential = false, totalTimeoutMs } = options
  const maxRetries = options.maxRetries ?? RETRY_POLICY.maxRetries
  const method = init.method ?? (input instanceof Request ? input.method : 'GET')
  const resendable = canResend(input, init.body)

  // One signal for every attempt and wait, aborted by the caller or by the total timeout.
  const controller = new AbortController()
  const callerSignal = init.signal
  const forwardAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) forwardAbort()
  callerSignal?.addEventListener('abort', forwardAbort, { once: true })
  const stopTimer = new AbortController()
  if (totalTimeoutMs !== undefined) {
    const timeout = new DOMException(`No response within ${totalTimeoutMs} ms`, 'TimeoutError')
    clock.sleep(totalTimeoutMs, stopTimer.signal).then(
      () => controller.abort(timeout),
      () => {}, // stopped: the request settled first
    )
  }
  const { signal } = controller

  try {
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted()
      const mayRetry = resendable && attempt <= maxRetries
      let retryAfter: string | null = null
      try {
        const response = await fetchFn(input, { ...init, signal })
        if (!mayRetry || !isRetryableMethod(method) || !isRetryableStatus(response.status)) {
          return response
        }
        // Release the connection; a failing cancel must not stop the retry.
        response.body?.cancel().catch(() => {})
        retryAfter = response.headers.get('retry-after')
      } catch (error) {
        signal.throwIfAborted()
        if (!mayRetry || !isRetryableError(error)) throw error
      }
      const nowMs = clock.now()
      await clock.sleep(retryDelayMs({ attempt, retryAfter, nowMs, exponential, random }), signal)
    }
  } finally {
    stopTimer.abort()
    callerSignal?.removeEventListener('abort', forwardAbort)
  }
}
