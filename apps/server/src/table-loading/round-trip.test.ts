import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MEDIA_TYPES } from '@dataportaal/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadFile, loaded, rowsOf } from './testing.ts'

/**
 * Any text survives the trip through a quoted CSV and the COPY files: separators, quotes,
 * line breaks, tabs and backslashes inside cells, in every separator the loader detects.
 */
let tmp = ''
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'table-round-trip-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

// Text cells: a letter first, so no value reads as a number, date or missing value. Other
// control characters than tab and LF are left out: the upload refuses them as binary.
const text = fc
  .string({ unit: 'grapheme', maxLength: 20 })
  .map((s) => `x${[...s].filter((c) => c >= ' ' && c !== '\u007f').join('')}`)
const cellChars = fc.constantFrom(';', ',', '|', '"', '\n', '\t', '\\', ' ', 'é', '€')
const tricky = fc
  .array(fc.oneof(text, cellChars), { minLength: 1, maxLength: 6 })
  .map((parts) => `x${parts.join('')}`)

it('keeps every cell of a quoted CSV exactly', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(';', ',', '|'),
      fc.array(fc.tuple(tricky, tricky, tricky), { minLength: 1, maxLength: 8 }),
      async (separator, rows) => {
        const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`
        const lines = [['a', 'b', 'c'], ...rows].map((row) => row.map(quote).join(separator))
        const outcomes = await loadFile(tmp, 'rt.csv', `${lines.join('\r\n')}\r\n`, MEDIA_TYPES.csv)
        const table = loaded(outcomes)
        const read = (await rowsOf(table)).map((row) => row.slice(1))
        expect(read).toEqual(rows)
      },
    ),
    {
      numRuns: 40,
      // Once found by a run: `;` inside quoted cells, one cell with a line break, `,` between.
      examples: [
        [
          ',',
          [
            ['x\n;', 'x;', 'x;'],
            ['xx', 'x;', 'x;'],
          ],
        ],
      ],
    },
  )
})
