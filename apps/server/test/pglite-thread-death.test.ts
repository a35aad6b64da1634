import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPortal, type RunningPortal } from './running-portal.ts'
import { sleep } from './server-process.ts'

const END_THREAD = path.join(import.meta.dirname, 'end-pglite-thread.mjs')

describe.skipIf(process.env.DATABASE_URL)('the embedded database thread dies', () => {
  let portal: RunningPortal

  beforeAll(async () => {
    portal = await startEmbeddedPortal({
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${END_THREAD}`.trim(),
    })
  })

  afterAll(() => portal?.dispose())

  it('ends the process non-zero, saying why, so that its supervisor starts it again', async () => {
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
    portal.server.child.kill('SIGUSR2')
    // Far beyond what exiting takes; a process that stays up fails here.
    const code = await Promise.race([portal.server.exit, sleep(20_000).then(() => 'still running')])
    expect(code).toBe(1)
    expect(portal.server.output()).toContain(
      'embedded database stopped; exiting so that the portal is started again',
    )
    expect(portal.server.output()).toContain('embedded database thread exited')
  })
})
