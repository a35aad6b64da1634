import {
  DictionaryEdit,
  DocumentFileParams,
  DocumentVersionParams,
  Problem,
  RowsPage,
  RowsQuery,
  TableInfo,
  TableQuery,
  TableSchema,
  VersionTableInfo,
} from '@dataportaal/contract'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { employeeOf } from '../../http/access.ts'
import { contentDisposition } from '../../http/content-disposition.ts'
import { ConflictError } from '../../shared/errors.ts'
import {
  editDictionary,
  exportName,
  findTable,
  findVersionTable,
  presentTable,
  presentVersionTable,
  rowsCsv,
  rowsPage,
  type FoundTable,
} from './service.ts'

const TAG = 'tabellen'

const ROWS_DESCRIPTION = `De rijen van een geladen tabel, als JSON-pagina of (\`format=csv\`) het hele gefilterde resultaat als CSV.

- \`filter[<kolom>]=<bewerking>:<waarde>\`, herhaalbaar, gecombineerd met EN; bewerkingen: \`eq\` (herhaald: een van de waarden), \`ne\`, \`gte\` en \`lte\` (getallen en datums), \`contains\` (tekst, hoofdletters en accenten maken niet uit), \`empty\`, \`notempty\`. Waarden in de vorm van de kolom: \`1234.5\`, \`2025-12-31\`, \`2025-12-31T23:59:00\`, \`true\`.
- \`q\`: zoeken in de tekstkolommen; \`sort=kolom,-kolom\` (stabiel); \`fields=kolom,kolom\`; \`limit\` (standaard 100, hoogstens 1000) en \`offset\`. \`total\` is exact.
- Voorbeeld: \`/rows?filter[Gemeente]=eq:Utrecht&filter[Bedrag]=gte:1000&sort=-Bedrag&limit=10\`.
- Bij CSV begint een tekstcel die met \`=\`, \`+\`, \`-\`, \`@\`, tab of CR begint met een \`'\`.

Een onbekende kolom, bewerking of een waarde van het verkeerde type: 422 met de parameter. Een tabel die (nog) niet geladen is: 409.`

/**
 * The Data API of a file's tables, and read only of an earlier version's (issue 34), on /pubapi
 * and /api; the dictionary edit on /api only.
 */
export const tableRoutes =
  (deps: { db: Db; audience: 'public' | 'employee' }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/documents/:id/files/:fileId/table',
      {
        config: { access: 'everyone' },
        schema: {
          tags: [TAG],
          summary:
            'De tabel in een bestand: laadstatus, Table Schema met woordenboek, kwaliteitsrapport',
          description:
            'Voor een werkmap noemt `sheet` het blad (standaard het eerste). 404 als het bestand geen tabel bevat of het blad niet bestaat. Voorbeeld: `curl https://…/pubapi/documents/{id}/files/{fileId}/table`.',
          params: DocumentFileParams,
          querystring: TableQuery,
          response: { 200: TableInfo, 404: Problem, 422: Problem },
        },
      },
      async (request) =>
        presentTable(
          await findTable(deps.db, request.viewer, request.params, request.query.sheet),
          request.params.fileId,
        ),
    )

    app.get(
      '/documents/:id/files/:fileId/table/schema',
      {
        config: { access: 'everyone' },
        schema: {
          tags: [TAG],
          summary: 'Het Table Schema (Frictionless Data) van een geladen tabel',
          description:
            'Alleen het schema, voor Frictionless-gereedschap en `dct:conformsTo` in DCAT. 409 zolang de tabel niet geladen is.',
          params: DocumentFileParams,
          querystring: TableQuery,
          response: { 200: TableSchema, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      async (request) =>
        loadedSchema(
          presentTable(
            await findTable(deps.db, request.viewer, request.params, request.query.sheet),
            request.params.fileId,
          ),
        ),
    )

    app.get(
      '/documents/:id/files/:fileId/rows',
      {
        config: { access: 'everyone' },
        schema: {
          tags: [TAG],
          summary: 'Rijen van een tabel: filteren, zoeken, sorteren, bladeren, CSV',
          description: ROWS_DESCRIPTION,
          params: DocumentFileParams,
          querystring: RowsQuery,
          response: { 200: RowsPage, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      async (request, reply) =>
        sendRows(
          deps.db,
          await findTable(deps.db, request.viewer, request.params, request.query.sheet, 'invalid'),
          request.query,
          request.url,
          reply,
        ),
    )

    app.get(
      '/documents/:id/versions/:versionId/table',
      {
        config: { access: 'everyone' },
        schema: {
          tags: [TAG],
          summary: 'De tabel in een eerdere versie van een bestand (alleen lezen)',
          description:
            'Zoals `…/files/{fileId}/table`, voor een bestand dat vervangen of verwijderd is, met dezelfde zichtbaarheid als de geschiedenis. 404 als de versie er niet is voor u of geen geladen tabel heeft.',
          params: DocumentVersionParams,
          querystring: TableQuery,
          response: { 200: VersionTableInfo, 404: Problem, 422: Problem },
        },
      },
      async (request) =>
        presentVersionTable(
          await findVersionTable(deps.db, request.viewer, request.params, request.query.sheet),
          request.params.versionId,
        ),
    )

    app.get(
      '/documents/:id/versions/:versionId/table/schema',
      {
        config: { access: 'everyone' },
        schema: {
          tags: [TAG],
          summary: 'Het Table Schema van de tabel in een eerdere versie',
          description: 'Zoals `…/files/{fileId}/table/schema`, voor een eerdere versie.',
          params: DocumentVersionParams,
          querystring: TableQuery,
          response: { 200: TableSchema, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      async (request) =>
        loadedSchema(
          presentVersionTable(
            await findVersionTable(deps.db, request.viewer, request.params, request.query.sheet),
            request.params.versionId,
          ),
        ),
    )

    app.get(
      '/documents/:id/versions/:versionId/rows',
      {
        config: { access: 'everyone' },
        schema: {
          tags: [TAG],
          summary: 'Rijen van de tabel in een eerdere versie: filteren, zoeken, sorteren, CSV',
          description: `Zoals \`…/files/{fileId}/rows\`, voor een eerdere versie: zo kan een script jaren vergelijken.\n\n${ROWS_DESCRIPTION}`,
          params: DocumentVersionParams,
          querystring: RowsQuery,
          response: { 200: RowsPage, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      async (request, reply) =>
        sendRows(
          deps.db,
          await findVersionTable(
            deps.db,
            request.viewer,
            request.params,
            request.query.sheet,
            'invalid',
          ),
          request.query,
          request.url,
          reply,
        ),
    )

    if (deps.audience === 'public') return

    app.put(
      '/documents/:id/files/:fileId/table/dictionary',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: 'Het gegevenswoordenboek van een tabel bijwerken (eigenaar of beheerder)',
          description:
            'Titel, beschrijving en eenheid per kolom, en eventueel een verbeterd type (dan wordt de tabel opnieuw geladen). Genoemde kolommen krijgen precies de meegegeven teksten; andere blijven. Een wijziging zoals elke andere: het document gaat terug naar `openstaand`.',
          params: DocumentFileParams,
          body: DictionaryEdit,
          response: { 200: TableInfo, 403: Problem, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      (request) => editDictionary(deps.db, employeeOf(request), request.params, request.body),
    )
  }

/** The bare Table Schema; 409 while the table is not (yet) loaded. */
function loadedSchema(info: Pick<TableInfo, 'schema' | 'reason'>): TableSchema {
  if (!info.schema) throw new ConflictError(info.reason ?? 'Deze tabel is (nog) niet geladen.')
  return info.schema
}

/** A table's rows as a JSON page, or (`format=csv`) the whole filtered result as CSV. */
async function sendRows(
  db: Db,
  found: FoundTable,
  query: RowsQuery,
  url: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (query.format === 'csv') {
    const body = await rowsCsv(db, found, query, url)
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition(exportName(found)))
      .header('X-Content-Type-Options', 'nosniff')
      .send(body)
  }
  const page = await rowsPage(db, found, query, url)
  // Serialised here: the schema's serializer copies each row key by key, and a column
  // called `__proto__` would vanish on the way (an assignment, not a key).
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(page))
}
