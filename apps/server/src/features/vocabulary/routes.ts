import { BucketList, TagList, Thesaurus, NoQuery } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { countDocuments, listEntries, loadThesaurus } from './service.ts'

/** Reading the themes, labels and thesaurus; labels only for employees, on /api. */
export const vocabularyRoutes =
  (deps: { db: Db; audience: 'public' | 'employee' }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['thema’s'],
          summary: 'Alle thema’s',
          querystring: NoQuery,
          response: { 200: TagList },
        },
      },
      async () => {
        const results = await listEntries(deps.db, 'themes')
        return { Results: results, Total: results.length }
      },
    )

    app.get(
      '/thesaurus',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['thema’s'],
          summary: 'Thema’s met synoniemen en verwante termen',
          querystring: NoQuery,
          response: { 200: Thesaurus },
        },
      },
      () => loadThesaurus(deps.db),
    )

    app.get(
      '/tags/aggregation',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['thema’s'],
          summary: 'Aantal zichtbare documenten per thema; ‘Geen Thema’ als laatste',
          querystring: NoQuery,
          response: { 200: BucketList },
        },
      },
      async (request) => {
        const results = await countDocuments(deps.db, request.viewer, 'themes')
        return { Results: results, Total: results.length }
      },
    )

    if (deps.audience === 'public') return

    app.get(
      '/labels',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['labels'],
          summary: 'Alle labels',
          querystring: NoQuery,
          response: { 200: TagList },
        },
      },
      async () => {
        const results = await listEntries(deps.db, 'labels')
        return { Results: results, Total: results.length }
      },
    )

    app.get(
      '/labels/aggregation',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['labels'],
          summary: 'Aantal documenten per label; ‘Geen labels’ als laatste (alleen medewerkers)',
          querystring: NoQuery,
          response: { 200: BucketList },
        },
      },
      async (request) => {
        const results = await countDocuments(deps.db, request.viewer, 'labels')
        return { Results: results, Total: results.length }
      },
    )
  }
