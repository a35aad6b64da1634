import dns from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/** Only http(s): no file:, ftp: or data: address is ever followed. */
export const isHttpUrl = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:'

/**
 * The addresses the portal's outbound connections (harvesting, the link checker) never
 * connect to, whatever a name resolves to: the link-local ranges, where clouds answer with a machine's credentials (169.254.169.254 on
 * AWS, Azure and Google, fd00:ec2::254 on AWS over IPv6) and no catalogue lives. Loopback and
 * private addresses stay allowed: a city's own GIS server often has one, and the network's
 * outbound rules are where those are closed (docs/harvesting.md, Security).
 */
const REFUSED = new BlockList()
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4')
REFUSED.addSubnet('fe80::', 10, 'ipv6')
REFUSED.addAddress('fd00:ec2::254', 'ipv6')

/** True for an address (IPv4, IPv6, or IPv4 in IPv6) in the refused ranges. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** A connection to a refused address was stopped before it was made. */
export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused address ${address}`)
  }
}

/** The host of a URL as an IP address, without IPv6's brackets; null when it is a name. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return isIP(host) === 0 ? null : host
}

/**
 * dns.lookup for the portal's outbound connections, refusing a name when any of its addresses is
 * refused. It runs when the connection is made, so a name that resolved to a public address
 * a moment ago and to a refused one now (DNS rebinding) is refused too.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0)
      return
    }
    const refused = addresses.find((entry) => isRefusedAddress(entry.address))
    if (refused) {
      callback(new RefusedAddressError(refused.address), '', 0)
      return
    }
    const [first] = addresses
    if (options.all) callback(null, addresses)
    else if (first) callback(null, first.address, first.family)
    else
      callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
  })
}
