import { HarvestCollectError } from '../record.ts'
import { fetchPage, onSourceOrigin } from './fetch-page.ts'
import { count, type CollectLimits } from './limits.ts'

type JsonObject = Record<string, unknown>

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The remote JSON-LD `@context`s of one run. A context is read from the source's own origin
 * only, each address once per run, and at most `maxContexts` of them: one catalogue needs one
 * or two, and a page that names hundreds would otherwise make the server fetch them all. A
 * context elsewhere (schema.org, the DCAT-AP context on SEMIC's site) is refused: the portal
 * ships no copy of those, and fetching them would have the server talk to more than the
 * source. Sources that use one can serve Turtle, which the harvester asks for first.
 */
export class RunContexts {
  private readonly loaded = new Map<string, Promise<JsonObject>>()
  /**
   * The first failure: the JSON-LD parser wraps a loader's error in a message of its own
   * (with the address and our text in English), so the parsing code throws this instead.
   */
  failure: HarvestCollectError | null = null

  constructor(
    private readonly source: URL,
    private readonly limits: CollectLimits,
  ) {}

  /** The document at `address` (a context document: `{ "@context": … }`), for page `page`. */
  load(address: string, page: number): Promise<JsonObject> {
    let loading = this.loaded.get(address)
    if (!loading) {
      loading = this.fetch(address, page)
      this.loaded.set(address, loading)
    }
    return loading.catch((error: unknown) => {
      if (error instanceof HarvestCollectError) this.failure ??= error
      throw error
    })
  }

  private async fetch(address: string, page: number): Promise<JsonObject> {
    const url = URL.canParse(address) ? new URL(address) : null
    if (!url || !onSourceOrigin(url, this.source)) {
      const where = url ? url.origin : 'een ongeldig adres'
      throw new HarvestCollectError(
        `Pagina ${page} gebruikt een JSON-LD-context van een andere server (${where}); de harvester leest alleen de bron zelf. Laat de bron Turtle geven, of de context in de pagina opnemen.`,
      )
    }
    if (this.loaded.size >= this.limits.maxContexts) {
      throw new HarvestCollectError(
        `Pagina ${page} gebruikt een JSON-LD-context die apart moet worden opgehaald, maar de bron gebruikte er al ${count(this.limits.maxContexts)}: meer worden er per run niet gelezen.`,
      )
    }
    const context = await fetchPage(
      url,
      page,
      'application/ld+json, application/json',
      this.limits,
      {
        source: this.source,
      },
    )
    let document: unknown
    try {
      document = JSON.parse(context.body)
    } catch {
      document = null
    }
    if (!isObject(document) || !('@context' in document)) {
      throw new HarvestCollectError(
        `Pagina ${page} gebruikt een JSON-LD-context die geen JSON-LD-context is (${url.href}).`,
      )
    }
    return document
  }
}
