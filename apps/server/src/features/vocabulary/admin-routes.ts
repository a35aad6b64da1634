import {
  ManagedVocabularyItem,
  ManagedVocabularyList,
  NewVocabularyId,
  NewVocabularyItem,
  NoQuery,
  Problem,
  ThesaurusEdit,
  ThemeEuThemeEdit,
  ThesaurusEntry,
  VocabularyNameParams,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { adminOf } from '../../http/access.ts'
import { saveThemeEuTheme } from './eu-theme.ts'
import type { VocabularyKind } from './kind.ts'
import { createManaged, deleteManaged, listManaged, saveThesaurusTerms } from './management.ts'

/** The path segment of each vocabulary (spec section 7) and its words in the API docs. */
const VOCABULARIES: Array<{
  segment: 'tags' | 'labels'
  vocabulary: VocabularyKind
  tag: string
  plural: string
  one: string
}> = [
  { segment: 'tags', vocabulary: 'themes', tag: 'thema’s', plural: 'Thema’s', one: 'thema' },
  { segment: 'labels', vocabulary: 'labels', tag: 'labels', plural: 'Labels', one: 'label' },
]

/** Admins manage the themes, labels and thesaurus; on /api only. */
export const vocabularyAdminRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    for (const { segment, vocabulary, tag, plural, one } of VOCABULARIES) {
      app.get(
        `/${segment}/admin`,
        {
          config: { access: 'admin' },
          schema: {
            tags: [tag],
            summary: `${plural} met het aantal documenten, voor het beheer`,
            description: 'Telt alle niet-verwijderde documenten, in elke status.',
            querystring: NoQuery,
            response: { 200: ManagedVocabularyList },
          },
        },
        async () => {
          const results = await listManaged(deps.db, vocabulary)
          return { Results: results, Total: results.length }
        },
      )

      app.put(
        `/${segment}`,
        {
          config: { access: 'admin' },
          schema: {
            tags: [tag],
            summary: `Een ${one} toevoegen`,
            description: `Antwoordt met het id van het nieuwe ${one}. Een naam die al bestaat (hoofdletters tellen niet mee): 409.`,
            querystring: NoQuery,
            body: NewVocabularyItem,
            response: { 201: NewVocabularyId, 409: Problem, 422: Problem },
          },
        },
        async (request, reply) => {
          const id = await createManaged(deps.db, adminOf(request), vocabulary, request.body.name)
          // A bare string would go out as text/plain: the id is sent as a JSON string.
          return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(id))
        },
      )

      app.delete(
        `/${segment}/:name`,
        {
          config: { access: 'admin' },
          schema: {
            tags: [tag],
            summary: `Een ${one} verwijderen, ook van alle documenten`,
            description: 'De naam wordt vergeleken zonder op hoofdletters te letten.',
            querystring: NoQuery,
            params: VocabularyNameParams,
            response: { 204: z.null(), 404: Problem, 422: Problem },
          },
        },
        async (request, reply) => {
          await deleteManaged(deps.db, adminOf(request), vocabulary, request.params.name)
          return reply.status(204).send(null)
        },
      )
    }

    app.put(
      '/tags/:name/eu-theme',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['thema’s'],
          summary: 'Het EU-datathema van een thema instellen of loskoppelen',
          description:
            'Een code van de EU-lijst met datathema’s, of null om de koppeling op te heffen. De DCAT-catalogus gebruikt de koppeling meteen (zonder koppeling: GOVE). Antwoordt met het thema zoals de beheerlijst het toont.',
          querystring: NoQuery,
          params: VocabularyNameParams,
          body: ThemeEuThemeEdit,
          response: { 200: ManagedVocabularyItem, 404: Problem, 422: Problem },
        },
      },
      (request) =>
        saveThemeEuTheme(deps.db, adminOf(request), request.params.name, request.body.euTheme),
    )

    app.put(
      '/thesaurus/:name',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['thema’s'],
          summary: 'De synoniemen en verwante termen van een thema vervangen',
          description:
            'Zoeken gebruikt de nieuwe termen meteen. Een synoniem mag niet de naam of een synoniem van een ander thema zijn (409).',
          querystring: NoQuery,
          params: VocabularyNameParams,
          body: ThesaurusEdit,
          response: { 200: ThesaurusEntry, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      (request) => saveThesaurusTerms(deps.db, adminOf(request), request.params.name, request.body),
    )
  }
