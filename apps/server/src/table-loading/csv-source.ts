import { createReadStream } from 'node:fs'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse } from 'csv-parse'
import { readStart } from '../extraction/read-start.ts'
import { detectTextEncoding, textDecoder, type TextEncoding } from '../extraction/text-encoding.ts'
import type { TableLoadLimits } from './protocol.ts'
import { byteSize } from './report.ts'
import { TableFailure, type RawRow, type TableSource } from './source.ts'

const SNIFF_BYTES = 64 * 1024
const SEPARATORS = [';', ',', '\t', '|'] as const
const SNIFF_LINES = 30
const LF = 0x0a

export const NOT_TEXT = 'Het bestand is geen tekst (het bevat binaire tekens) en dus geen tabel.'

/**
 * Per candidate, how often it occurs outside quotes in each of the first records. A record
 * ends at a line break outside quotes: a quoted cell may hold line breaks and separators.
 */
export function detectSeparator(text: string): string {
  let best: { separator: string; score: number } = { separator: ',', score: 0 }
  for (const separator of SEPARATORS) {
    const counts: number[] = []
    let count = 0
    let quoted = false
    let blank = true
    for (const char of text) {
      if (counts.length >= SNIFF_LINES) break
      if (char === '"') quoted = !quoted
      else if (char === '\n' && !quoted) {
        if (!blank) counts.push(count)
        count = 0
        blank = true
        continue
      } else if (char === separator && !quoted) count++
      if (char.trim() !== '') blank = false
    }
    // What follows the last line break may be cut off by the sniff window: left out, unless
    // it is all there is.
    if (counts.length === 0 && !blank) counts.push(count)
    const frequency = new Map<number, number>()
    for (const n of counts) if (n > 0) frequency.set(n, (frequency.get(n) ?? 0) + 1)
    // Records that agree on one non-zero count: a title line above the header does not.
    const score = Math.max(0, ...frequency.values())
    if (score > best.score) best = { separator, score }
  }
  return best.separator
}

/** Fails a physical line longer than the cap before the parser holds it. */
function lineGuard(maxLineBytes: number, encoding: TextEncoding): Transform {
  const decoder = textDecoder(encoding)
  let run = 0
  let line = 1
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, callback) {
      let at = 0
      for (;;) {
        const next = chunk.indexOf(LF, at)
        run += (next < 0 ? chunk.length : next) - at
        if (run > maxLineBytes) {
          callback(
            new TableFailure(
              `Regel ${line} is te lang (meer dan ${byteSize(maxLineBytes)}); het bestand kan niet als tabel worden gelezen.`,
            ),
          )
          return
        }
        if (next < 0) break
        run = 0
        line++
        at = next + 1
      }
      callback(null, decoder.write(chunk))
    },
    flush(callback) {
      callback(null, decoder.end())
    },
  })
}

/** A parser error as a Dutch reason; `line` is where the record it was reading starts. */
function csvError(error: unknown, line: number): Error {
  if (error instanceof TableFailure) return error
  const { code } = (error ?? {}) as { code?: string }
  if (code === 'CSV_QUOTE_NOT_CLOSED' || code === 'CSV_MAX_RECORD_SIZE') {
    return new TableFailure(
      `Een aanhalingsteken (") op regel ${line} wordt niet gesloten; het bestand kan niet als tabel worden gelezen.`,
    )
  }
  return new TableFailure(`Het bestand kan niet als tabel worden gelezen (vanaf regel ${line}).`)
}

/** A CSV or TSV file: encoding and separator detected from its first 64 kB. */
export async function csvSource(
  filePath: string,
  tab: boolean,
  limits: TableLoadLimits,
): Promise<TableSource> {
  const { bytes, size } = await readStart(filePath, SNIFF_BYTES)
  const encoding = detectTextEncoding(bytes, bytes.length < size)
  if (encoding === null) throw new TableFailure(NOT_TEXT)
  const start = textDecoder(encoding).write(bytes)
  const separator = tab ? '\t' : detectSeparator(start)
  const sheet = { index: 0, name: null }

  return {
    numberStyle: separator === ';' ? 'comma' : 'point',
    reportsMissingCells: true,
    headerFirst: false,
    async read(sink) {
      const input = createReadStream(filePath, { highWaterMark: 1024 * 1024 })
      const guard = lineGuard(limits.maxLineBytes, encoding)
      const parser = parse({
        delimiter: separator,
        relax_quotes: true,
        relax_column_count: true,
        skip_empty_lines: false,
        info: true,
        max_record_size: limits.maxLineBytes,
      })
      let failure: unknown = null
      const piped = pipeline(input, guard, parser).catch((error: unknown) => {
        failure ??= error
      })
      let previousEnd = 0
      let stopped = false
      try {
        for await (const { record, info } of parser as AsyncIterable<{
          record: string[]
          info: { lines: number }
        }>) {
          const row: RawRow = { rowNumber: previousEnd + 1, cells: record }
          previousEnd = info.lines
          if (!sink(sheet, row)) {
            stopped = true
            break
          }
        }
      } catch (error) {
        failure ??= error
      } finally {
        input.destroy()
        guard.destroy()
        parser.destroy()
        await piped
      }
      // Stopping early (enough rows) closes the streams too soon, which is no failure.
      if (failure !== null && !stopped) throw csvError(failure, previousEnd + 1)
    },
  }
}
