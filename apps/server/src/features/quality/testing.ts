import { scoreQuality, summariseQuality, type CatalogueQuality } from '@dataportaal/contract'
import type { TestContext } from '../../../test/app.ts'
import { parseTurtle, validateDcat } from '../../../test/rdf.ts'
import { CATALOGUE_PATH } from '../dcat/graph.ts'
import { qualityInputsOfGraph } from '../dcat/quality.ts'
import { NS } from '../dcat/vocabulary.ts'
import { linkStates } from '../links/states.ts'

/**
 * The MQA figures of the served catalogue, computed from what /catalogus really publishes:
 * every page, its SHACL outcome per dataset, the link checker's states (the portal's own
 * URLs are reachable).
 */
export async function measureCatalogue(
  ctx: TestContext,
  publicUrl: string,
): Promise<CatalogueQuality> {
  const scores = []
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
      .filter((url) => !url.startsWith(publicUrl))
    const states = await linkStates(ctx.db, external)
    const inputs = qualityInputsOfGraph(
      quads,
      (url) => (url.startsWith(publicUrl) ? 'ok' : (states.get(url) ?? 'onbekend')),
      (dataset) => !failing.has(dataset),
    )
    for (const input of inputs.values()) scores.push(scoreQuality(input))
    const link = quads.find((q) => q.predicate.value === `${NS.hydra}next`)?.object.value
    next = link ? new URL(link).pathname + new URL(link).search : undefined
  }
  return summariseQuality({ name: 'catalogus', own: true }, scores)
}
