import { WooCategory } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { PageHeadSource } from '../../http/web-app.ts'
import { renderDiwooIndex, renderDiwooSitemap } from './diwoo-xml.ts'
import { diwooSitemapEntries, diwooSitemapPages } from './diwoo.ts'
import { pageHead } from './page-meta.ts'
import { PUBLICATION_PATHS, type DiwooSite, type Site } from './paths.ts'
import { renderRobotsTxt, sitemapUrls, type SitemapSource } from './robots.ts'
import {
  documentSitemapEntries,
  documentSitemapPages,
  renderDocumentSitemap,
  renderSitemapIndex,
  SITEMAP_MAX_URLS,
} from './sitemap.ts'

const XML = 'application/xml; charset=utf-8'

/** Far past any city's catalogue, and within PostgreSQL's integer offsets (2 billion URLs). */
const MAX_SITEMAP_PAGE = 40_000

const SitemapPage = z.coerce.number().int().min(1).max(MAX_SITEMAP_PAGE)

const SitemapPageParams = z.strictObject({ page: SitemapPage })

/**
 * One of the 17 numbers (422 for other digits, as for any parameter out of its range); a
 * category without published files answers 404.
 */
const DiwooIndexParams = z.strictObject({ category: WooCategory })

const DiwooSitemapParams = z.strictObject({ category: WooCategory, page: SitemapPage })

const xmlResponse = (description: string) => ({
  200: { description, content: { 'application/xml': { schema: z.string() } } },
})

/**
 * What search engines and the Woo-index read, outside the API: robots.txt, the sitemaps of
 * the published document pages and the DiWoo sitemaps of the published Woo documents'
 * files. Anyone may read them; each answer is built afresh (no-cache), so a document that
 * is no longer published leaves them at once.
 */
export const publicationRoutes =
  (deps: {
    db: Db
    config: DiwooSite
    /** The sitemaps robots.txt names; SITEMAP_SOURCES unless a test gives others. */
    sitemapSources?: readonly SitemapSource[]
    /** URLs per sitemap page: the sitemaps.org limit unless a test gives a smaller one. */
    sitemapPageSize?: number
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const pageSize = deps.sitemapPageSize ?? SITEMAP_MAX_URLS

    app.get(
      PUBLICATION_PATHS.robots,
      {
        schema: {
          tags: ['publicatie'],
          summary: 'robots.txt: wat zoekmachines mogen lezen, en waar de sitemaps staan',
          response: {
            200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } },
          },
        },
      },
      async (_request, reply) => {
        const sitemaps = await sitemapUrls(deps.db, deps.config, deps.sitemapSources)
        return reply
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(renderRobotsTxt(sitemaps))
      },
    )

    app.get(
      PUBLICATION_PATHS.sitemap,
      {
        schema: {
          tags: ['publicatie'],
          summary: 'Sitemap-index van alle gepubliceerde documentpagina’s',
          response: xmlResponse('Een sitemaps.org sitemapindex met de genummerde sitemaps.'),
        },
      },
      async (_request, reply) => {
        const pages = await documentSitemapPages(deps.db, pageSize)
        return reply
          .type(XML)
          .header('Cache-Control', 'no-cache')
          .send(renderSitemapIndex(pages, deps.config))
      },
    )

    app.get(
      PUBLICATION_PATHS.documentSitemapRoute,
      {
        schema: {
          tags: ['publicatie'],
          summary: `Sitemap van gepubliceerde documentpagina’s, hoogstens ${SITEMAP_MAX_URLS} per pagina`,
          params: SitemapPageParams,
          response: xmlResponse('Een sitemaps.org urlset.'),
        },
      },
      async (request, reply) => {
        const entries = await documentSitemapEntries(deps.db, request.params.page, pageSize)
        return reply
          .type(XML)
          .header('Cache-Control', 'no-cache')
          .send(renderDocumentSitemap(entries, deps.config))
      },
    )

    app.get(
      PUBLICATION_PATHS.diwooIndexRoute,
      {
        schema: {
          tags: ['publicatie'],
          summary: 'DiWoo-sitemapindex van één Woo-informatiecategorie, voor de Woo-index',
          description:
            'Bestaat alleen voor een categorie met gepubliceerde bestanden; anders 404 als problem details.',
          params: DiwooIndexParams,
          response: xmlResponse('Een sitemaps.org sitemapindex met de genummerde DiWoo-sitemaps.'),
        },
      },
      async (request, reply) => {
        const { category } = request.params
        const pages = await diwooSitemapPages(deps.db, category, pageSize)
        return reply
          .type(XML)
          .header('Cache-Control', 'no-cache')
          .send(renderDiwooIndex(category, pages, deps.config))
      },
    )

    app.get(
      PUBLICATION_PATHS.diwooSitemapRoute,
      {
        schema: {
          tags: ['publicatie'],
          summary: `DiWoo-sitemap van gepubliceerde bestanden van één Woo-informatiecategorie, hoogstens ${SITEMAP_MAX_URLS} per pagina`,
          params: DiwooSitemapParams,
          response: xmlResponse('Een sitemaps.org urlset met DiWoo-metadata bij elk bestand.'),
        },
      },
      async (request, reply) => {
        const { category, page } = request.params
        const entries = await diwooSitemapEntries(deps.db, category, page, pageSize)
        return reply
          .type(XML)
          .header('Cache-Control', 'no-cache')
          .send(renderDiwooSitemap(entries, deps.config))
      },
    )
  }

/** For the web app (app.ts): a published document's page gets its head from here. */
export const publicationPageHead =
  (deps: { db: Db; config: Site }): PageHeadSource =>
  (path) =>
    pageHead(deps.db, deps.config, path)
