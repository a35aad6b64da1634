import { describe, expect, it } from 'vitest'
import { detectDelimiter, parseCsv } from './csv.ts'
import { readTextStart } from './read-start.ts'

describe('parseCsv', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks (RFC 4180)', () => {
    const text =
      'naam,opmerking\r\n"Stal, Noord","Zegt ""gratis""\r\nmaar is het niet"\r\nZuid,\r\n'
    expect(parseCsv(text).rows).toEqual([
      ['naam', 'opmerking'],
      ['Stal, Noord', 'Zegt "gratis"\r\nmaar is het niet'],
      ['Zuid', ''],
    ])
  })

  it('detects the semicolon that Dutch spreadsheet exports use', () => {
    const text = 'wijk;inwoners;dichtheid\nNoord;14220;"73,5"\nZuid;9810;26,1\n'
    const table = parseCsv(text)
    expect(table.delimiter).toBe(';')
    expect(table.rows).toEqual([
      ['wijk', 'inwoners', 'dichtheid'],
      ['Noord', '14220', '73,5'],
      ['Zuid', '9810', '26,1'],
    ])
  })

  it('ignores delimiters inside quotes when detecting, and defaults to a comma', () => {
    expect(detectDelimiter('"a;b;c",d,e\n1,2,3')).toBe(',')
    expect(detectDelimiter('alleen één kolom\nwaarde')).toBe(',')
    expect(detectDelimiter('a\tb\tc\n1\t2\t3')).toBe('\t')
  })

  it('handles CRLF, LF and CR line ends and skips empty lines', () => {
    expect(parseCsv('a,b\r\n1,2\n\n3,4\r5,6').rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ])
  })

  it('stops after maxRows and says whether more follow', () => {
    const text = 'n\n1\n2\n3\n'
    expect(parseCsv(text, { maxRows: 3 })).toMatchObject({
      rows: [['n'], ['1'], ['2']],
      complete: false,
    })
    expect(parseCsv(text, { maxRows: 4 })).toMatchObject({ complete: true })
    expect(parseCsv('n\n1', { maxRows: 2 })).toMatchObject({ rows: [['n'], ['1']], complete: true })
  })

  it('leaves out a record cut off at the end of a truncated text', () => {
    const table = parseCsv('a,b\n1,2\n3,"hal', { truncated: true })
    expect(table.rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
    expect(table.complete).toBe(false)
  })
})

describe('readTextStart', () => {
  const streamOf = (chunks: Uint8Array[]) => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[pulled]
        pulled += 1
        if (chunk) controller.enqueue(chunk)
        else controller.close()
      },
    })
    return { response: new Response(body), pulls: () => pulled }
  }

  it('stops reading at the limit and does not break a character at the cut', async () => {
    const bytes = new TextEncoder().encode('één;twee\n')
    // 'é' is two bytes: a limit of 1 byte cuts it in half.
    const { response, pulls } = streamOf([bytes, bytes, bytes, bytes])
    const start = await readTextStart(response, bytes.length + 1)
    expect(start).toEqual({ text: 'één;twee\n', truncated: true })
    expect(pulls()).toBeLessThan(4)
  })

  it('reads a short body whole', async () => {
    const { response } = streamOf([new TextEncoder().encode('a,b\n1,2\n')])
    expect(await readTextStart(response, 1024)).toEqual({ text: 'a,b\n1,2\n', truncated: false })
  })
})
