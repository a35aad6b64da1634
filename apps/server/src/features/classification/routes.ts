import {
  ClassifyQuery,
  DocumentClassification,
  DocumentIdParams,
  DocumentVocabularyParams,
  NoQuery,
  Problem,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { employeeOf } from '../../http/access.ts'
import { attachToDocument, detachFromDocument } from './service.ts'
import type { VocabularyKind } from '../vocabulary/kind.ts'

/** The path segment of each vocabulary (spec section 7) and its Dutch name in the docs. */
const SEGMENTS: Array<{ segment: string; vocabulary: VocabularyKind; tag: string; what: string }> =
  [
    { segment: 'tag', vocabulary: 'themes', tag: 'thema’s', what: 'Een thema' },
    { segment: 'label', vocabulary: 'labels', tag: 'labels', what: 'Een label' },
  ]

const responses = { 200: DocumentClassification, 404: Problem, 422: Problem }

/** Themes and labels on a document, by any employee who sees it; on /api only. */
export const classificationRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    for (const { segment, vocabulary, tag, what } of SEGMENTS) {
      app.put(
        `/documents/:id/${segment}`,
        {
          config: { access: 'employee' },
          schema: {
            tags: [tag],
            summary: `${what} uit de lijst aan een document toevoegen`,
            description:
              'De naam (`name`) wordt vergeleken zonder op hoofdletters te letten; een synoniem uit de thesaurus voegt zijn thema toe. Een naam die niet in de lijst staat: 422. Antwoordt met de thema’s en labels van het document daarna.',
            querystring: ClassifyQuery,
            params: DocumentIdParams,
            response: responses,
          },
        },
        (request) =>
          attachToDocument(
            deps.db,
            employeeOf(request),
            request.params.id,
            vocabulary,
            request.query.name,
          ),
      )

      app.delete(
        `/documents/:id/${segment}/:name`,
        {
          config: { access: 'employee' },
          schema: {
            tags: [tag],
            summary: `${what} van een document verwijderen`,
            description:
              'Een naam die het document niet heeft verandert niets. Antwoordt met de thema’s en labels van het document daarna.',
            querystring: NoQuery,
            params: DocumentVocabularyParams,
            response: responses,
          },
        },
        (request) =>
          detachFromDocument(
            deps.db,
            employeeOf(request),
            request.params.id,
            vocabulary,
            request.params.name,
          ),
      )
    }
  }
