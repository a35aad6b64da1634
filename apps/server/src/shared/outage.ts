/**
 * Whether an error means that something the portal itself depends on is away: its database
 * (connection refused or lost, the server shutting down, out of disk or connections), the
 * disk (full, read-only, failing) or the file store (unreachable, answering 5xx). Such a
 * failure is nobody's fault in particular and passes when the outage does; a retry helps.
 * Not for errors of other parties' servers (a harvest source, the mail server): they have
 * the same error codes and are those parties' outages, not the portal's.
 */
export function isOutage(error: unknown): boolean {
  for (let seen = 0, current = error; current && seen < 8; seen++) {
    if (typeof current !== 'object') return false
    if (isOwnOutage(current)) return true
    if (current instanceof AggregateError && current.errors.some(isOutage)) return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}

/** System calls (Node's `code`) that fail because of the machine or the network, not the data. */
const SYSTEM_CODES = new Set([
  'ENOSPC', // disk full
  'EDQUOT',
  'EIO',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  // The Azure SDK's name for a request that never got an answer.
  'REQUEST_SEND_ERROR',
])

/**
 * PostgreSQL's SQLSTATE classes and codes of an unavailable server: connection exception
 * (08), insufficient resources such as a full disk (53), operator intervention by a shutdown
 * or restart (57P01-57P03), system error such as an I/O error (58); and a transaction rolled
 * back by a deadlock or serialization failure (40001, 40P01), which a retry settles.
 */
const DATABASE_CLASSES = ['08', '53', '58']
const DATABASE_CODES = new Set(['57P01', '57P02', '57P03', '40001', '40P01'])

/** node-postgres says these without a code when the connection is lost or cannot be made. */
const LOST_CONNECTION =
  /^Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/

function isOwnOutage(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null
  if (code && SYSTEM_CODES.has(code)) return true
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return DATABASE_CLASSES.includes(code.slice(0, 2)) || DATABASE_CODES.has(code)
  }
  // The file store's server failing or overloaded (Azure's RestError).
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 0
  if (status >= 500 || status === 408 || status === 429) return true
  return error instanceof Error && LOST_CONNECTION.test(error.message)
}
