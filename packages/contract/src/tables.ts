import { BoundingBox } from './coverage.ts'
import { z } from 'zod'
import { multiLineText, singleLineText } from './text.ts'

/**
 * Tables you can query (the Data API): every file that holds a table (CSV, TSV, each sheet of
 * an XLSX or ODS, a JSON array of flat objects, a GeoJSON file's features) is loaded in the
 * background into a typed table. Its data dictionary is a Frictionless Table Schema
 * (https://specs.frictionlessdata.io/table-schema/); its quality report uses the error types
 * of Frictionless validation.
 */

export const TABLE_LIMITS = {
  /** Rows loaded per table; past it the table is cut and the report says so. */
  maxRows: 1_000_000,
  /** Columns per table; a wider table is not loaded. */
  maxColumns: 500,
  /** Rows per page of the rows API. */
  pageDefault: 100,
  pageMax: 1_000,
  /** Distinct values counted per column before the count says 'at least'. */
  distinctBound: 1_000,
  /** Example values kept per column. */
  examples: 3,
  /** Errors kept in the report per error type and column; the counts hold them all. */
  errorsPerKind: 10,
  /** The dictionary's texts. */
  fieldTitleMax: 200,
  fieldDescriptionMax: 2_000,
  fieldUnitMax: 50,
  /** Filters per request and values per `eq` filter. */
  filtersMax: 20,
  filterValueMax: 200,
  qMax: 200,
} as const

export const TABLE_LOAD_STATUSES = ['wachtend', 'bezig', 'geladen', 'mislukt'] as const
export const TableLoadStatus = z.enum(TABLE_LOAD_STATUSES)
export type TableLoadStatus = z.infer<typeof TableLoadStatus>

/** Frictionless field types the loader infers ('string' is text, 'geojson' a GeoJSON geometry). */
export const FIELD_TYPES = [
  'integer',
  'number',
  'boolean',
  'date',
  'datetime',
  'string',
  'geojson',
] as const
export const FieldType = z.enum(FIELD_TYPES)
export type FieldType = z.infer<typeof FieldType>

/** A value as the API gives it: numbers as numbers, dates and times as ISO 8601 strings. */
export const CellValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.record(z.string(), z.unknown()),
])
export type CellValue = z.infer<typeof CellValue>

export const FieldStats = z
  .object({
    emptyCount: z.number().int().describe('Cells without a value (empty, "." or "-")'),
    distinctCount: z.number().int().describe('Distinct values, counted up to a bound'),
    distinctCapped: z.boolean().describe('True when there are more distinct values than counted'),
    min: CellValue.optional(),
    max: CellValue.optional(),
    examples: z.array(CellValue).describe('Up to three values from the table'),
    bbox: BoundingBox.optional().describe('Of a GeoJSON column: the box around its geometries'),
  })
  .meta({ id: 'TableFieldStats' })
export type FieldStats = z.infer<typeof FieldStats>

export const TableField = z
  .object({
    name: z.string().describe('The column name as in the file'),
    type: FieldType,
    format: z
      .string()
      .optional()
      .describe("How the file writes the values: 'default', or a pattern such as '%d-%m-%Y'"),
    decimalChar: z.string().optional(),
    groupChar: z.string().optional(),
    trueValues: z.array(z.string()).optional(),
    falseValues: z.array(z.string()).optional(),
    title: z.string().optional().describe('From the data dictionary, written by the owner'),
    description: z.string().optional(),
    unit: z.string().optional(),
    stats: FieldStats,
  })
  .meta({ id: 'TableField' })
export type TableField = z.infer<typeof TableField>

export const TableSchema = z
  .object({
    fields: z.array(TableField),
    missingValues: z.array(z.string()),
  })
  .meta({ id: 'TableSchema', description: 'A Frictionless Table Schema with statistics' })
export type TableSchema = z.infer<typeof TableSchema>

export const REPORT_ERROR_TYPES = [
  'blank-label',
  'duplicate-label',
  'extra-cell',
  'missing-cell',
  'type-error',
  'blank-row',
  'table-cut',
] as const
export const ReportErrorType = z.enum(REPORT_ERROR_TYPES)
export type ReportErrorType = z.infer<typeof ReportErrorType>

export const ReportError = z
  .object({
    type: ReportErrorType,
    rowNumber: z.number().int().optional().describe('Row number in the file, 1 the first line'),
    fieldName: z.string().optional(),
    message: z.string().describe('Dutch'),
  })
  .meta({ id: 'TableReportError' })
export type ReportError = z.infer<typeof ReportError>

export const TableReport = z
  .object({
    valid: z.boolean(),
    counts: z
      .array(
        z.object({
          type: ReportErrorType,
          fieldName: z.string().optional(),
          count: z.number().int(),
        }),
      )
      .describe('Every error, counted per type and column'),
    errors: z
      .array(ReportError)
      .describe(`The first ${TABLE_LIMITS.errorsPerKind} errors per type and column`),
  })
  .meta({ id: 'TableReport' })
export type TableReport = z.infer<typeof TableReport>

/** GET …/files/{fileId}/table */
export const TableInfo = z
  .object({
    fileId: z.uuid(),
    sheet: z.string().nullable().describe('The sheet of a workbook; null for other files'),
    sheets: z.array(z.string()).describe('Every sheet of the workbook; empty for other files'),
    loadStatus: TableLoadStatus,
    reason: z.string().optional().describe('Why the table could not be loaded (Dutch)'),
    rowCount: z.number().int(),
    schema: TableSchema.nullable(),
    report: TableReport.nullable(),
  })
  .meta({ id: 'TableInfo' })
export type TableInfo = z.infer<typeof TableInfo>

/** GET …/versions/{versionId}/table: an earlier version's table (issue 34), read only. */
export const VersionTableInfo = TableInfo.omit({ fileId: true })
  .extend({ versionId: z.uuid() })
  .meta({ id: 'VersionTableInfo' })
export type VersionTableInfo = z.infer<typeof VersionTableInfo>

/** A file's tables in a document's detail, so a client knows where to ask. */
export const FileTable = z
  .object({
    sheet: z.string().nullable(),
    loadStatus: TableLoadStatus,
    rowCount: z.number().int(),
  })
  .meta({ id: 'FileTable' })
export type FileTable = z.infer<typeof FileTable>

export const TableQuery = z.strictObject({
  sheet: singleLineText().max(200).optional(),
})

export const FILTER_OPERATORS = ['eq', 'ne', 'gte', 'lte', 'contains', 'empty', 'notempty'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/**
 * GET …/files/{fileId}/rows. Filters come as `filter[<column>]=<op>:<value>`, repeatable; the
 * route reads them from the query string itself, as their keys name columns.
 */
export const RowsQuery = z.looseObject({
  sheet: singleLineText().max(200).optional(),
  q: singleLineText().max(TABLE_LIMITS.qMax).optional(),
  sort: singleLineText().max(2_000).optional().describe('`col` or `-col`, comma-separated'),
  fields: singleLineText().max(20_000).optional().describe('Columns to return, comma-separated'),
  limit: z.coerce.number().int().min(1).max(TABLE_LIMITS.pageMax).default(TABLE_LIMITS.pageDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  format: z.enum(['json', 'csv']).default('json'),
})
export type RowsQuery = z.infer<typeof RowsQuery>

export const RowsPage = z
  .object({
    fields: z.array(z.string()),
    rows: z.array(z.record(z.string(), CellValue)),
    total: z.number().int().describe('Rows matching the filters, exact'),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'RowsPage' })
export type RowsPage = z.infer<typeof RowsPage>

/** PUT /api/documents/{id}/files/{fileId}/table/dictionary: the owner's words per column. */
export const DictionaryEdit = z
  .strictObject({
    sheet: singleLineText().max(200).nullable().default(null),
    fields: z
      .array(
        z.strictObject({
          name: singleLineText().min(1).max(1_000),
          title: singleLineText().trim().max(TABLE_LIMITS.fieldTitleMax).optional(),
          description: multiLineText().trim().max(TABLE_LIMITS.fieldDescriptionMax).optional(),
          unit: singleLineText().trim().max(TABLE_LIMITS.fieldUnitMax).optional(),
          type: FieldType.optional().describe('A corrected type; the table is loaded again'),
        }),
      )
      .max(TABLE_LIMITS.maxColumns),
  })
  .meta({ id: 'DictionaryEdit' })
export type DictionaryEdit = z.infer<typeof DictionaryEdit>

/** Prefixed to a CSV cell that a spreadsheet would run as a formula (OWASP CSV injection). */
export const FORMULA_START = /^[=+\-@\t\r]/
