import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { PUBLIC_VIEWER, type Employee, type Viewer } from '../auth/viewer.ts'
import { adminOf, employeeOf } from './access.ts'

const EMPLOYEE: Employee = {
  kind: 'employee',
  id: 'oid-medewerker',
  name: 'Mirjam Medewerker',
  email: null,
  isAdmin: false,
}

/** A route that hands its caller to a service the way the feature routes do. */
async function callAs(viewer: Viewer, pick: typeof employeeOf | typeof adminOf) {
  const app = Fastify()
  app.addHook('onRequest', async (request) => {
    request.viewer = viewer
  })
  app.get('/x', { config: { access: 'everyone' } }, (request) => pick(request).id)
  try {
    return await app.inject({ url: '/x' })
  } finally {
    await app.close()
  }
}

describe('the caller of an employee or admin route', () => {
  it('is the signed-in employee, typed for the service', async () => {
    expect((await callAs(EMPLOYEE, employeeOf)).body).toBe(EMPLOYEE.id)
    expect((await callAs({ ...EMPLOYEE, isAdmin: true }, adminOf)).body).toBe(EMPLOYEE.id)
  })

  it('fails as our fault (500), never as a quiet pass, when the route let someone else in', async () => {
    expect((await callAs(PUBLIC_VIEWER, employeeOf)).statusCode).toBe(500)
    expect((await callAs(EMPLOYEE, adminOf)).statusCode).toBe(500)
  })
})
