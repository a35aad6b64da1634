import underPressure from '@fastify/under-pressure'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { HttpProblem } from './problem.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: answered however busy the server is (liveness and readiness probes). */
    shedUnderLoad?: boolean
  }
}

const OVERLOADED_DETAIL =
  'Het portaal is op dit moment te druk. Probeer het over enkele seconden opnieuw.'

export interface OverloadMonitor {
  /** The event loop lags or the database has more waiting queries than allowed. */
  isOverloaded(): boolean
  retryAfterSeconds: number
}

/**
 * Graceful overload: while the event loop lags (mean delay per second, measured by
 * @fastify/under-pressure) or too many queries wait for a database connection, requests are
 * answered at once with 503 and Retry-After instead of joining a queue without end. Routes
 * with `shedUnderLoad: false` are still served.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  deps: { db: Db; overload: Config['overload'] },
): Promise<OverloadMonitor> {
  const { maxEventLoopDelayMs, maxDbWaitingQueries, retryAfterSeconds } = deps.overload
  const databaseSaturated = () =>
    maxDbWaitingQueries > 0 && deps.db.waitingQueries() > maxDbWaitingQueries

  const shed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.shedUnderLoad === false) return
    reply.header('retry-after', String(retryAfterSeconds))
    throw new HttpProblem(503, OVERLOADED_DETAIL)
  }

  await app.register(underPressure, {
    // 0 turns the check off.
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: retryAfterSeconds,
    pressureHandler: shed,
  })
  app.addHook('onRequest', async (request, reply) => {
    if (databaseSaturated()) await shed(request, reply)
  })

  return {
    isOverloaded: () => app.isUnderPressure() || databaseSaturated(),
    retryAfterSeconds,
  }
}
