import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { seedDemoCatalogue } from '../catalogue/demo.ts'
import { measureCatalogue } from './testing.ts'

/**
 * The measurement of docs/publication.md: the whole demo catalogue's average MQA score. It
 * loads the whole demo (a minute or two), so it runs only on demand:
 *   cd apps/server && MEASURE_DEMO_QUALITY=1 npx vitest run src/features/quality/demo-average.test.ts
 * representative.test.ts checks a sample of it in every run.
 */
const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
let ctx: TestContext

describe.runIf(process.env.MEASURE_DEMO_QUALITY === '1')('the demo catalogue', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL } })
    expect(await seedDemoCatalogue(ctx.db, ctx.store)).toBe(true)
  }, 300_000)
  afterAll(() => ctx?.close())

  it('scores Excellent on average in the portal’s own scoring', async () => {
    const figures = await measureCatalogue(ctx, PUBLIC_URL)
    console.log(JSON.stringify(figures))
    expect(figures.average).toBeGreaterThanOrEqual(351)
  }, 600_000)
})
