import {
  DictionaryEdit,
  DocumentFileParams,
  Problem,
  RowsPage,
  RowsQuery,
  TableInfo,
  TableQuery,
  TableSchema,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { employeeOf } from '../../http/access.ts'
import { contentDisposition } from '../../http/content-disposition.ts'
import { ConflictError } from '../../shared/errors.ts'
import {
  editDictionary,
  exportName,
  findTable,
  presentTable,
  rowsCsv,
  rowsPage,
} from './service.ts'

const TAG = 'tabellen'

const ROWS_DESCRIPTION = `De rijen van een geladen tabel, als JSON-pagina of (\`format=csv\`) het hele gefilterde resultaat als CSV.

- \`filter[<kolom>]=<bewerking>:<waarde>\`, herhaalbaar, gecombineerd met EN; bewerkingen: \`eq\` (herhaald: een van de waarden), \`ne\`, \`gte\` en \`lte\` (getallen en datums), \`contains\` (tekst, hoofdletters en accenten maken niet uit), \`empty\`, \`notempty\`. Waarden in de vorm van de kolom: \`1234.5\`, \`2025-12-31\`, \`2025-12-31T23:59:00\`, \`true\`.
- \`q\`: zoeken in de tekstkolommen; \`sort=kolom,-kolom\` (stabiel); \`fields=kolom,kolom\`; \`limit\` (standaard 100, hoogstens 1000) en \`offset\`. \`total\` is exact.
- Voorbeeld: \`/rows?filter[Gemeente]=eq:Utrecht&filter[Bedrag]=gte:1000&sort=-Bedrag&limit=10\`.
- Bij CSV begint een tekstcel die met \`=\`, \`+\`, \`-\`, \`@\`, tab of CR begint met een \`'\`.

Een onbekende kolom, bewerking of een waarde van het verkeerde type: 422 met de parameter. Een tabel die (nog) niet geladen is: 409.`

/** The Data API of a file's tables, on /pubapi and /api; the dictionary edit on /api only. */
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
        presentTable(await findTable(deps.db, request.viewer, request.params, request.query.sheet)),
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
      async (request) => {
        const found = await findTable(deps.db, request.viewer, request.params, request.query.sheet)
        const info = presentTable(found)
        if (!info.schema)
          throw new ConflictError(info.reason ?? 'Deze tabel is (nog) niet geladen.')
        return info.schema
      },
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
      async (request, reply) => {
        const found = await findTable(
          deps.db,
          request.viewer,
          request.params,
          request.query.sheet,
          'invalid',
        )
        if (request.query.format === 'csv') {
          const body = await rowsCsv(deps.db, found, request.query, request.url)
          return (
            reply
              .type('text/csv; charset=utf-8')
              .header('Content-Disposition', contentDisposition(exportName(found)))
              .header('X-Content-Type-Options', 'nosniff')
              // A stream goes out as it is; the schema's serializer is for the JSON page.
              .send(body as unknown as RowsPage)
          )
        }
        const page = await rowsPage(deps.db, found, request.query, request.url)
        // Serialised here: the schema's serializer copies each row key by key, and a column
        // called `__proto__` would vanish on the way (an assignment, not a key).
        return reply
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(page) as unknown as RowsPage)
      },
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
