import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config.ts'
import { HttpProblem } from '../../http/problem.ts'
import { activityClient } from '../activity-logs/client.ts'

/**
 * How often one client may search or ask for suggestions, per node: a token bucket of
 * `burst` requests, refilled at `perMinute`. Off when `perMinute` is 0.
 */
export type SearchRateLimit = Config['search']['rateLimit']

/** Buckets are looked through for full ones once the map has grown past this (and then double). */
const FIRST_SWEEP_AT = 1000

export interface ClientLimiter {
  /** Takes one request of `client`: null when it may go ahead, else the seconds to wait. */
  take(client: string, now?: number): number | null
}

export function clientLimiter({ perMinute, burst }: SearchRateLimit): ClientLimiter {
  const perMs = perMinute / 60_000
  /** Since when a bucket holds how many requests. */
  const buckets = new Map<string, { tokens: number; at: number }>()
  let sweepAt = FIRST_SWEEP_AT
  const fullAfterMs = burst / perMs

  /** A full bucket is the same as none: forgetting those keeps only the clients of late. */
  const sweep = (now: number) => {
    for (const [client, bucket] of buckets) {
      if (now - bucket.at >= fullAfterMs) buckets.delete(client)
    }
    sweepAt = Math.max(FIRST_SWEEP_AT, buckets.size * 2)
  }

  return {
    take(client, now = Date.now()) {
      if (perMinute === 0) return null
      let bucket = buckets.get(client)
      if (!bucket) {
        if (buckets.size >= sweepAt) sweep(now)
        bucket = { tokens: burst, at: now }
        buckets.set(client, bucket)
      }
      bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perMs)
      bucket.at = now
      if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000))
      bucket.tokens -= 1
      return null
    },
  }
}

const tooManyDetail = (seconds: number) =>
  `U hebt in korte tijd erg veel zoekopdrachten gestuurd. Probeer het over ${seconds === 1 ? '1 seconde' : `${seconds} seconden`} opnieuw.`

/**
 * The route hook that holds a client to the limit: a signed-in employee by id, a visitor by
 * address (as the other per-client limits count them, `activityClient`). Past it: 429 with
 * Retry-After, before any work is done.
 */
export const limitPerClient =
  (limiter: ClientLimiter) => async (request: FastifyRequest, reply: FastifyReply) => {
    const client = activityClient(request)
    const wait = limiter.take(client.kind === 'employee' ? `e:${client.id}` : `a:${client.address}`)
    if (wait === null) return
    reply.header('Retry-After', String(wait))
    throw new HttpProblem(429, tooManyDetail(wait))
  }
