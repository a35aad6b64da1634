import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'

describe('/readyz', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('answers 503 while files cannot be stored, and 200 again once they can', async () => {
    const ready = () => ctx.app.inject({ url: '/readyz' })
    expect((await ready()).statusCode).toBe(200)

    // The harness keeps files under DATA_DIR/files; a file in place of that directory.
    const root = path.join(ctx.dataDir, 'files')
    await fs.rm(root, { recursive: true, force: true })
    await fs.writeFile(root, 'geen map')
    const broken = await ready()
    expect(broken.statusCode).toBe(503)
    expect(broken.json()).toEqual({ status: 'unavailable' })
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200)

    await fs.rm(root)
    expect((await ready()).statusCode).toBe(200)
  })
})
