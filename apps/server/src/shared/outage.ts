import { isDatabaseUnavailable, isTransientDatabaseError } from '../db/unavailable.ts'
import { isStorageFull } from '../storage/full.ts'

/**
 * Whether an error means that something the portal itself depends on is away: its database
 * (`isDatabaseUnavailable`: refused, lost, shutting down; or a transaction rolled back by a
 * deadlock, `isTransientDatabaseError`), the disk (`isStorageFull`, or read-only, failing)
 * or the file store (unreachable, answering 5xx). Such a failure is nobody's fault in
 * particular and passes when the outage does; a retry helps. Not for
 * errors of other parties' servers (a harvest source, the mail server): they have the same
 * error codes and are those parties' outages, not the portal's.
 */
export function isOutage(error: unknown): boolean {
  for (let seen = 0, current = error; current && seen < 8; seen++) {
    if (typeof current !== 'object') return false
    if (
      isDatabaseUnavailable(current) ||
      isTransientDatabaseError(current) ||
      isStorageFull(current) ||
      isOtherOutage(current)
    ) {
      return true
    }
    if (current instanceof AggregateError && current.errors.some(isOutage)) return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}

/**
 * System calls (Node's `code`) that fail because of the machine or the network, beyond a
 * database connection and a full disk.
 */
const SYSTEM_CODES = new Set([
  'EIO',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'ECONNABORTED',
  'ENETDOWN',
  'ENOTFOUND',
  // The Azure SDK's name for a request that never got an answer.
  'REQUEST_SEND_ERROR',
])

/**
 * PostgreSQL's SQLSTATEs of a server short of resources (class 53, such as out of memory) or
 * failing (58, such as an I/O error).
 */
const DATABASE_CLASSES = ['53', '58']

function isOtherOutage(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null
  if (code && SYSTEM_CODES.has(code)) return true
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return DATABASE_CLASSES.includes(code.slice(0, 2))
  }
  // The file store's server failing or overloaded (Azure's RestError).
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 0
  return status >= 500 || status === 408 || status === 429
}
