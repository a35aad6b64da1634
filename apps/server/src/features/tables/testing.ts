import type { FieldType, TableField, TableReport } from '@dataportaal/contract'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { TestContext } from '../../../test/app.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import type { LoadRequest, TableOutcome } from '../../table-loading/protocol.ts'
import type { LoadTables } from './load-job.ts'

/**
 * A stand-in for the loader (table-loading/), for the tests of storing and querying: it
 * reads a plain CSV whose header names each column with its type (`Bedrag:number`), cells
 * separated by `;`, no quoting, an empty cell missing; each sheet of a "workbook" starts with
 * a line `# sheet <name>`. It writes the COPY text files exactly as protocol.ts describes,
 * `rowsPerFile` rows per file. A file whose first line is `# fail <reason>` is a failed table.
 */
export function fakeLoader(options: { rowsPerFile?: number } = {}): LoadTables & {
  requests: LoadRequest[]
} {
  const requests: LoadRequest[] = []
  const load = async (request: LoadRequest): Promise<TableOutcome[]> => {
    requests.push(request)
    const text = await fs.readFile(request.filePath, 'utf8')
    const failed = /^# fail (.*)/.exec(text)
    if (failed) return [{ ok: false, sheet: null, reason: failed[1] ?? '', report: EMPTY_REPORT }]
    const parts = text.startsWith('# sheet ')
      ? text
          .split(/^# sheet /m)
          .filter(Boolean)
          .map((part) => {
            const newline = part.indexOf('\n')
            return { sheet: part.slice(0, newline).trim(), body: part.slice(newline + 1) }
          })
      : [{ sheet: null, body: text }]
    const outcomes: TableOutcome[] = []
    for (const [index, part] of parts.entries()) {
      const [header = '', ...lines] = part.body.split('\n').filter((line) => line.length > 0)
      const overrides = request.typeOverrides?.[part.sheet ?? ''] ?? {}
      const fields = header.split(';').map((cell) => {
        const [name = '', type = 'string'] = cell.split(':')
        const override = Object.hasOwn(overrides, name) ? overrides[name] : undefined
        return { name, type: override ?? (type as FieldType) }
      })
      const dataFiles: string[] = []
      const perFile = options.rowsPerFile ?? 1_000
      for (let start = 0; start < lines.length; start += perFile) {
        const file = path.join(request.outDir, `t${index}-${start}.copy`)
        const copyLines = lines.slice(start, start + perFile).map((line, i) => {
          const cells = line.split(';')
          const values = fields.map((field, c) => copyValue(field.type, cells[c] ?? ''))
          return [String(start + i + 2), ...values].join('\t')
        })
        await fs.writeFile(file, copyLines.map((line) => `${line}\n`).join(''))
        dataFiles.push(file)
      }
      outcomes.push({
        ok: true,
        sheet: part.sheet,
        schema: { fields: fields.map(schemaField), missingValues: ['', '.', '-'] },
        report: EMPTY_REPORT,
        rowCount: lines.length,
        dataFiles,
      })
    }
    return outcomes
  }
  return Object.assign(load, { requests })
}

export const EMPTY_REPORT: TableReport = { valid: true, counts: [], errors: [] }

const schemaField = (field: { name: string; type: FieldType }): TableField => ({
  ...field,
  format: 'default',
  stats: { emptyCount: 0, distinctCount: 0, distinctCapped: false, examples: [] },
})

/** A cell in COPY text: `\N` when missing, a type that does not fit is missing too. */
function copyValue(type: FieldType, cell: string): string {
  if (cell === '') return '\\N'
  if (type === 'integer' && !/^-?\d+$/.test(cell)) return '\\N'
  if (type === 'number' && !Number.isFinite(Number(cell))) return '\\N'
  if (type === 'boolean') return cell === 'ja' ? 't' : cell === 'nee' ? 'f' : '\\N'
  return cell.replace(
    /[\\\t\r\n]/g,
    (c) => ({ '\\': '\\\\', '\t': '\\t', '\r': '\\r', '\n': '\\n' })[c] ?? c,
  )
}

/** Runs the due jobs with the fake loader; the number that ran. */
export const runWithLoader = (ctx: TestContext, loadTables: LoadTables) =>
  runPendingJobs(ctx.db, jobHandlers({ db: ctx.db, store: ctx.store, loadTables }))
