import { scoreQuality, type DocumentQuality, type QualityRating } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { parseTurtle, validateDcat } from '../../../test/rdf.ts'
import { seedDemoCatalogue } from '../catalogue/demo.ts'
import { CATALOGUE_PATH } from '../dcat/graph.ts'
import { qualityInputsOfGraph } from '../dcat/quality.ts'
import { NS } from '../dcat/vocabulary.ts'
import { linkStates } from '../links/states.ts'

/**
 * The measurement of docs/publication.md: the demo catalogue's average MQA score, computed
 * from what /catalogus really publishes (every page, its SHACL outcome per dataset, the link
 * checker's states). It loads the whole demo (a minute or two), so it runs only on demand:
 *   cd apps/server && MEASURE_DEMO_QUALITY=1 npx vitest run src/features/quality/demo-average.test.ts
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
    const scores: DocumentQuality[] = []
    let next: string | undefined = `${CATALOGUE_PATH}?page=1`
    while (next) {
      const quads = parseTurtle((await ctx.app.inject({ url: next })).body)
      const { violations } = await validateDcat(quads)
      const failing = new Set(
        violations.map((line) => `${line.split(' ')[1]!.split('#')[0]}#dataset`),
      )
      const external = quads
        .filter((q) => [`${NS.dcat}accessURL`, `${NS.dcat}downloadURL`].includes(q.predicate.value))
        .map((q) => q.object.value)
        .filter((url) => !url.startsWith(PUBLIC_URL))
      const states = await linkStates(ctx.db, external)
      const inputs = qualityInputsOfGraph(
        quads,
        (url) => (url.startsWith(PUBLIC_URL) ? 'ok' : (states.get(url) ?? 'onbekend')),
        (dataset) => !failing.has(dataset),
      )
      for (const input of inputs.values()) scores.push(scoreQuality(input))
      const link = quads.find((q) => q.predicate.value === `${NS.hydra}next`)?.object.value
      next = link ? new URL(link).pathname + new URL(link).search : undefined
    }
    const average = scores.reduce((sum, q) => sum + q.score, 0) / scores.length
    const bands: Partial<Record<QualityRating, number>> = {}
    const gaps: Record<string, number> = {}
    for (const quality of scores) {
      bands[quality.rating] = (bands[quality.rating] ?? 0) + 1
      for (const gap of quality.missing) gaps[gap.metric] = (gaps[gap.metric] ?? 0) + 1
    }
    console.log(
      JSON.stringify({
        datasets: scores.length,
        average: Math.round(average * 10) / 10,
        bands,
        gaps,
      }),
    )
    expect(average).toBeGreaterThanOrEqual(351)
  }, 600_000)
})
