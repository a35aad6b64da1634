import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { HttpProblem } from '../../http/problem.ts'
import { CATALOGUE_PATH, catalogueGraph, type CatalogueSite } from './graph.ts'
import { negotiateFormat } from './negotiate.ts'
import { RDF_FORMATS, serialize, type RdfFormat } from './serialize.ts'
import { cataloguePage } from './service.ts'

/** Far past any city's catalogue, and within PostgreSQL's integer offsets. */
const MAX_PAGE = 100_000

const isDate = (value: string) => !Number.isNaN(Date.parse(value))

/** Tolerant of other parameters: harvesters add their own (cache busters). */
const CatalogueQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  modified_since: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .refine(isDate, 'Geen bestaande datum.')
    .optional(),
  format: z.enum(['ttl', 'jsonld', 'rdf']).optional(),
})

const CONTENT_TYPES: Record<RdfFormat, string> = {
  ttl: `${RDF_FORMATS.ttl}; charset=utf-8`,
  jsonld: RDF_FORMATS.jsonld,
  rdf: `${RDF_FORMATS.rdf}; charset=utf-8`,
}

/**
 * The DCAT-AP-NL 3.0 catalogue of the published data (docs/publication.md), outside the
 * API: the address a city registers with data.overheid.nl. Turtle, JSON-LD or RDF/XML by
 * Accept or `?format=`, in pages with Hydra links.
 */
export const dcatRoutes =
  (deps: { db: Db; config: CatalogueSite; pageSize?: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      CATALOGUE_PATH,
      {
        schema: {
          tags: ['publicatie'],
          summary: 'De DCAT-AP-NL 3.0-catalogus van de open data (Turtle, JSON-LD of RDF/XML)',
          querystring: CatalogueQuery,
          response: {
            200: {
              description: 'Eén pagina van de catalogus, met hydra:PartialCollectionView.',
              content: Object.fromEntries(
                Object.values(RDF_FORMATS).map((type) => [type, { schema: z.string() }]),
              ),
            },
          },
        },
      },
      async (request, reply) => {
        const { page, modified_since: since } = request.query
        const format = request.query.format ?? negotiateFormat(request.headers.accept)
        if (!format) {
          throw new HttpProblem(
            406,
            'De catalogus is er in text/turtle, application/ld+json en application/rdf+xml.',
          )
        }
        const modifiedSince = since === undefined ? undefined : new Date(since)
        const result = await cataloguePage(deps.db, {
          page,
          modifiedSince,
          ...(deps.pageSize ? { pageSize: deps.pageSize } : {}),
        })
        const body = await serialize(catalogueGraph(deps.config, result, modifiedSince), format)
        return reply
          .type(CONTENT_TYPES[format])
          .header('Vary', 'Accept')
          .header('Cache-Control', 'no-cache')
          .send(body)
      },
    )
  }
