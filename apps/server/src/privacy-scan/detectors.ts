import type { PrivacyKind } from '@dataportaal/contract'
import type { Detection, Hit } from './detection.ts'
import { findBsn, findCards, findIbans } from './numbers.ts'
import { findPhones } from './phone.ts'
import { findAddresses, findPlates } from './places.ts'

/**
 * The detectors: where in a text a personal value stands. Each kind is a pattern for its
 * written forms and a check that a number of that shape cannot pass by chance (a checksum, a
 * prefix, the sidecode of a licence plate). Whitespace is expected collapsed to single spaces.
 */

const LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u
const DOMAIN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,24})(?![\p{L}\p{N}_-]|\.[A-Za-z0-9])/u
const MAX_LOCAL = 64

function findEmails(text: string, hits: Hit[]) {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at
    while (start > 0 && at - start < MAX_LOCAL && LOCAL_CHAR.test(text[start - 1] ?? '')) start--
    while (text[start] === '.' && start < at) start++
    if (start === at || text[at - 1] === '.') continue
    const domain = DOMAIN.exec(text.slice(at + 1, at + 256))
    if (!domain) continue
    const end = at + 1 + domain[0].length
    hits.push({ kind: 'email', start, end })
    at = end - 1
  }
}

// When two hits overlap, the one found first in this order stays: an IBAN's digits are no
// phone number, a phone number's last nine digits no BSN.
const PRIORITY: PrivacyKind[] = [
  'iban',
  'email',
  'betaalkaart',
  'telefoon',
  'bsn',
  'postcode-huisnummer',
  'kenteken',
]
const rank = (kind: PrivacyKind) => PRIORITY.indexOf(kind)

/** Every personal value in `text`, in order, none overlapping another. */
export function detect(text: string): Detection {
  const misses = { bsn: 0, betaalkaart: 0 }
  const found: Hit[] = []
  // Every kind holds a digit or an @: most cells and many lines hold neither.
  if (!/[\d@]/.test(text)) return { hits: found, misses }
  findIbans(text, found)
  findEmails(text, found)
  findCards(text, found, misses)
  findPhones(text, found)
  findBsn(text, found, misses)
  findAddresses(text, found)
  findPlates(text, found)
  if (found.length < 2) return { hits: found, misses }
  found.sort((a, b) => a.start - b.start || rank(a.kind) - rank(b.kind))
  const hits: Hit[] = []
  for (const hit of found) {
    const last = hits[hits.length - 1]
    if (last && hit.start < last.end) {
      if (rank(hit.kind) < rank(last.kind)) hits[hits.length - 1] = hit
      continue
    }
    hits.push(hit)
  }
  return { hits, misses }
}
