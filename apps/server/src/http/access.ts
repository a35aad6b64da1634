import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { isAdmin, isEmployee, type Admin, type Employee, type Viewer } from '../auth/viewer.ts'
import { HttpProblem } from './problem.ts'

/**
 * Who may call a route. `everyone`: the route is served on /pubapi to visitors and on
 * /api to any signed-in employee; `employee` and `admin` routes exist on /api only.
 */
export type Access = 'everyone' | 'employee' | 'admin'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api and /pubapi route; checked before validation. */
    access?: Access
  }
  interface FastifyInstance {
    /** Every /api and /pubapi route with who may call it, as registered. */
    routeAccess: readonly RouteAccess[]
  }
}

export interface RouteAccess {
  method: string
  url: string
  access: Access
}

const MAY_CALL: Record<Access, (viewer: Viewer) => boolean> = {
  everyone: () => true,
  employee: isEmployee,
  admin: isAdmin,
}

export const mayCall = (viewer: Viewer, access: Access) => MAY_CALL[access](viewer)

/**
 * Makes every route of a prefix declare `config.access` (start-up fails otherwise, so no
 * route is forgotten) and answers 403 to a caller without the role.
 */
export function enforceAccess(
  scope: FastifyInstance,
  options: { allowed: readonly Access[]; table: RouteAccess[] },
) {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access
    const methods = [route.method].flat()
    if (!access || !options.allowed.includes(access)) {
      throw new Error(
        `${methods.join(',')} ${route.url}: declare config.access as one of ${options.allowed.join(', ')}`,
      )
    }
    if (access !== 'everyone') {
      const note = access === 'admin' ? 'Alleen voor beheerders.' : 'Alleen voor medewerkers.'
      route.schema = {
        ...route.schema,
        description: [route.schema?.description, note].filter(Boolean).join(' '),
      }
    }
    for (const method of methods) options.table.push({ method, url: route.url, access })
  })
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access
    if (access && !mayCall(request.viewer, access)) {
      throw new HttpProblem(403, 'U hebt geen toegang tot deze functie.')
    }
  })
}

/**
 * The caller of an `employee` (or `admin`) route, typed so the service needs no check of its
 * own. `enforceAccess` refused everyone else before the handler ran, so a failure here is a
 * route declared with the wrong access: a fault of ours (500), not of the caller.
 */
export function employeeOf(request: FastifyRequest): Employee {
  const viewer = request.viewer
  if (!isEmployee(viewer)) throw misdeclared(request, 'employee')
  return viewer
}

/** The caller of an `admin` route; see employeeOf. */
export function adminOf(request: FastifyRequest): Admin {
  const viewer = request.viewer
  if (!isAdmin(viewer)) throw misdeclared(request, 'admin')
  return viewer
}

const misdeclared = (request: FastifyRequest, needed: Access) =>
  new Error(
    `${request.method} ${request.routeOptions.url ?? request.url}: the handler needs an ${needed} but the route's access is ${request.routeOptions.config.access ?? 'undeclared'}`,
  )
