/**
 * Whether a database error means the database cannot be reached (refused, lost, shutting
 * down), as opposed to a statement that failed: only the first is answered 503 with
 * Retry-After (http/errors.ts), since the same request succeeds once the database is back.
 * A statement's own error (a syntax error, a broken constraint) stays a 500: a bug must not
 * hide behind "try again later".
 */

/** The embedded database's thread is gone (closed, or died); nothing it was asked can answer. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
}

/** Node's socket errors while connecting to or talking with PostgreSQL. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a connection the server refuses or ends: class 08 (connection exception),
 * 57P01-57P03 (administrator or crash shutdown, cannot connect now: a restart or recovery)
 * and 53300 (too many connections).
 */
const isConnectionState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)

/**
 * What the pg driver raises, without a code, when a connection ends under a query or a
 * client whose connection failed is used again (pg/lib/client.js).
 */
const PG_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
])

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return SOCKET_ERRORS.has(code) || isConnectionState(code)
  return PG_CONNECTION_MESSAGES.has(error.message)
}

/**
 * PostgreSQL's deadlock and serialization failures: two transactions met in opposite order
 * (the typo vocabulary's word counts can, rarely). The work was rolled back whole, so the
 * client may simply try again.
 */
const TRANSIENT_DATABASE_ERRORS = new Set(['40P01', '40001'])

export const isTransientDatabaseError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  TRANSIENT_DATABASE_ERRORS.has(error.code)
