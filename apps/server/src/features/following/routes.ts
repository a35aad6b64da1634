import {
  DocumentList,
  FollowQuery,
  NameList,
  NoQuery,
  Problem,
  ThemeDocumentsQuery,
  ThemeNameParams,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { employeeOf } from '../../http/access.ts'
import {
  follow,
  listFollowed,
  listFollowedDocuments,
  listFollowers,
  listThemeDocuments,
  unfollow,
} from './service.ts'

const TAG = 'thema’s volgen'

/** Following themes, who follows one and the documents in the followed ones; on /api only. */
export const followingRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags/following',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: 'Namen van de thema’s die de gebruiker volgt',
          querystring: NoQuery,
          response: { 200: NameList },
        },
      },
      (request) => listFollowed(deps.db, employeeOf(request)),
    )

    app.put(
      '/tags/following',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: 'Een thema volgen',
          description:
            '`data` is een thema uit de lijst (of een synoniem ervan); anders 422. Tweemaal volgen verandert niets. Antwoordt met de gevolgde thema’s daarna.',
          querystring: FollowQuery,
          response: { 200: NameList, 422: Problem },
        },
      },
      (request) => follow(deps.db, employeeOf(request), request.query.data),
    )

    app.delete(
      '/tags/following/:name',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: 'Een thema niet meer volgen',
          description:
            'Een thema dat de gebruiker niet volgt verandert niets. Antwoordt met de gevolgde thema’s daarna.',
          querystring: NoQuery,
          params: ThemeNameParams,
          response: { 200: NameList, 422: Problem },
        },
      },
      (request) => unfollow(deps.db, employeeOf(request), request.params.name),
    )

    app.get(
      '/tags/following/documents',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: 'Goedgekeurde documenten in de gevolgde thema’s, laatst gepubliceerd eerst',
          description:
            'Voor de startpagina van een medewerker; gepagineerd met `offset` en `pageSize`.',
          querystring: ThemeDocumentsQuery,
          response: { 200: DocumentList, 422: Problem },
        },
      },
      (request) => listFollowedDocuments(deps.db, employeeOf(request), request.query),
    )

    app.get(
      '/tags/:name/followers',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: 'Namen van de medewerkers die een thema volgen',
          querystring: NoQuery,
          params: ThemeNameParams,
          response: { 200: NameList, 404: Problem, 422: Problem },
        },
      },
      (request) => listFollowers(deps.db, request.params.name),
    )
  }

/**
 * A theme's documents, on both prefixes: visitors see the approved documents without
 * personal fields, employees also their favourites and ratings (the theme pages).
 */
export const themeDocumentRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags/:name/documents',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['thema’s'],
          summary: 'Goedgekeurde documenten in een thema, laatst gepubliceerd eerst',
          description:
            'Gepagineerd met `offset` (vanaf 1) en `pageSize`; een onbekend thema geeft 404.',
          querystring: ThemeDocumentsQuery,
          params: ThemeNameParams,
          response: { 200: DocumentList, 404: Problem, 422: Problem },
        },
      },
      (request) => listThemeDocuments(deps.db, request.viewer, request.params.name, request.query),
    )
  }
