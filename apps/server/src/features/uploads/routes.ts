import multipart from '@fastify/multipart'
import {
  DEFAULT_LICENSE,
  DocumentFileParams,
  DocumentIdParams,
  NoQuery,
  Problem,
  RereadResult,
  UPLOAD_LIMITS,
  UploadOptions,
  UploadForm,
  UploadResult,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import { adminOf, employeeOf } from '../../http/access.ts'
import { receiveUploadForm } from './form.ts'
import { rereadFile } from './reread.ts'
import { deleteUpload, saveUpload, uploadOptions, type UploadDeps } from './service.ts'

const FORM_DESCRIPTION = `Multipart form data (\`multipart/form-data\`). Velden: \`title\` (3..200 tekens), \`description\` (hoogstens 10.000), \`contentTypeName\` (uit de beheerde lijst, zie /documents/upload/options), \`sourceFriendlyName\`, \`themes\` (herhaald, uit /tags), \`license\` (een licentie van de EU-lijst als URI of SPDX-code, bijvoorbeeld CC-BY-4.0, wordt opgeslagen als de URI van die lijst, andere tekst zoals ze is; standaard ${DEFAULT_LICENSE}), \`wooCategory\` (optioneel: het nummer van een Woo-informatiecategorie, 001 tot en met 017; leeg voor geen), en een of meer bestanden als delen met de naam \`files\` (hoogstens ${UPLOAD_LIMITS.filesPerRequest}). Met \`contentUID\` is het een wijziging van dat document (alleen eigenaar of beheerder): \`keepFileIds\` (herhaald) noemt de bestaande bestanden die blijven, de andere vervallen, nieuwe bestanden komen erbij. Elk bestand, en alle bestanden samen, hoogstens MAX_UPLOAD_MB (413); het echte bestandstype moet op de toegestane lijst staan en bij de naam passen (415). Een nieuw of gewijzigd document is \`openstaand\`; de tekst van de bestanden wordt op de achtergrond gelezen en daarna doorzoekbaar.`

/**
 * The form as the API documentation shows it (the files are parts named `files`). Only for
 * the documentation: receiveUploadForm reads and checks the multipart stream itself, so
 * Fastify validates nothing here and a body that is not multipart still gets 415.
 */
const UploadFormBody = z.unknown().meta(
  z.toJSONSchema(
    UploadForm.extend({
      files: z.array(z.string().meta({ format: 'binary' })).max(UPLOAD_LIMITS.filesPerRequest),
    }),
    { io: 'input', target: 'openapi-3.0' },
  ),
)

export const uploadRoutes =
  (deps: UploadDeps & { config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart parsing is only for these routes (this plugin's scope).
    await app.register(multipart, { throwFileSizeLimit: true })

    app.get(
      '/documents/upload/options',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['uploaden'],
          summary: 'Keuzes en grenzen van het uploadformulier',
          querystring: NoQuery,
          response: { 200: UploadOptions },
        },
      },
      () => uploadOptions(deps.db, deps.config.maxUploadMb, deps.config.catalogue.spatial),
    )

    app.post(
      '/documents/upload',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['uploaden'],
          summary: 'Een document uploaden, of een eigen document wijzigen (met contentUID)',
          description: FORM_DESCRIPTION,
          consumes: ['multipart/form-data'],
          querystring: NoQuery,
          body: UploadFormBody,
          response: {
            200: UploadResult.describe('Gewijzigd'),
            201: UploadResult.describe('Aangemaakt'),
            403: Problem,
            404: Problem,
            409: Problem,
            413: Problem,
            415: Problem,
            422: Problem,
          },
        },
      },
      async (request, reply) => {
        const form = await receiveUploadForm(request, deps.store, deps.config.maxUploadMb)
        const outcome = await saveUpload(deps, employeeOf(request), form)
        return reply.status(outcome.created ? 201 : 200).send({ contentUID: outcome.contentUID })
      },
    )

    app.delete(
      '/documents/upload/:id',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['uploaden'],
          summary: 'Een eigen document verwijderen (eigenaar of beheerder)',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 204: z.null(), 403: Problem, 404: Problem },
        },
      },
      async (request, reply) => {
        await deleteUpload(deps.db, employeeOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/documents/:id/files/:fileId/reread',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['validatie'],
          summary: 'Een bestand waarvan de tekst niet gelezen kon worden opnieuw laten lezen',
          description:
            'Voor een bestand met `extractionStatus` `failed`: het staat weer op `pending` en wordt op de achtergrond opnieuw gelezen, met nieuwe pogingen; lukt het, dan is de inhoud doorzoekbaar. Een tabel in het bestand waarvan het laden door het portaal werd afgebroken, wordt ook opnieuw geladen. Een onbekend bestand of een bestand van een verwijderd document geeft 404; een bestand dat niet mislukt is (nog bezig, al gelezen, of zonder te lezen tekst) 409.',
          querystring: NoQuery,
          params: DocumentFileParams,
          response: { 200: RereadResult, 403: Problem, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      (request) => rereadFile(deps.db, adminOf(request), request.params),
    )
  }
