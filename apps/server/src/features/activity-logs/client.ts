import { createHmac } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'

/**
 * Who caused a row in an activity log, for its limits: a signed-in employee by id, a visitor
 * by network address (as Fastify gives it behind the trusted proxy).
 */
export type ActivityClient = { kind: 'employee'; id: string } | { kind: 'address'; address: string }

export const activityClient = (request: { viewer: Viewer; ip: string }): ActivityClient =>
  isEmployee(request.viewer)
    ? { kind: 'employee', id: request.viewer.id }
    : { kind: 'address', address: addressKey(request.ip) }

/** The eight groups of an IPv6 address, each as a number, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%')[0] ?? ''
  if (!isIPv6(bare)) return null
  // A trailing dotted IPv4 (::ffff:1.2.3.4) stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare)
  const hex = dotted
    ? bare.slice(0, dotted.index) +
      [Number(dotted[1]) * 256 + Number(dotted[2]), Number(dotted[3]) * 256 + Number(dotted[4])]
        .map((group) => group.toString(16))
        .join(':')
    : bare
  const [head = '', tail] = hex.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
}

/**
 * What identifies a visitor's address for the limits. One IPv6 subscriber usually holds a
 * whole /64, so an IPv6 client is its /64: otherwise one visitor could count as 2^64
 * clients. An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip
  const groups = ipv6Groups(ip)
  if (!groups) return ip
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 255, h >> 8, h & 255].join('.')
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(':')}::/64`
}

/** The key is made once by the migration and never changes: read it once per database. */
const keys = new WeakMap<Queryable, Promise<Uint8Array>>()

function hashKey(db: Queryable): Promise<Uint8Array> {
  let key = keys.get(db)
  if (!key) {
    key = db.query<{ key: Uint8Array }>('select key from activity_client_key').then(([row]) => {
      if (!row) throw new Error('activity_client_key is empty: migration 0009 did not run')
      return row.key
    })
    // A failed read (the database away for a moment) is not kept.
    key.catch(() => keys.delete(db))
    keys.set(db, key)
  }
  return key
}

/**
 * The client as the limits store it: an HMAC-SHA256 under the database's own key. No
 * address is stored, or even sent to the database (its statement logs), and a hash cannot
 * be tried against all addresses without the key; the hashes are pruned within the hour
 * after they stop mattering (docs/decisions.md, 'Activity logs').
 */
export async function clientHash(db: Queryable, client: ActivityClient): Promise<Buffer> {
  const name = client.kind === 'employee' ? `employee:${client.id}` : `address:${client.address}`
  return createHmac('sha256', await hashKey(db))
    .update(name)
    .digest()
}
