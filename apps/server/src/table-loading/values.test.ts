import { describe, expect, it } from 'vitest'
import { ColumnGuess, parseDate, parseDateTime, parseNumber } from './values.ts'

describe('values of Dutch table files', () => {
  it('reads numbers in the style of the column, keeping leading zeros as text', () => {
    const cases: Array<[string, 'comma' | 'point', string | null]> = [
      ['1.234,5', 'comma', '1234.5'],
      ['-0,5', 'comma', '-0.5'],
      ['+12', 'comma', '12'],
      ['1.234.567', 'comma', '1234567'],
      ['1234.5', 'point', '1234.5'],
      ['1,234.5', 'point', '1234.5'],
      ['1.5e3', 'point', '1.5e3'],
      ['0123', 'comma', null],
      ['GM0363', 'comma', null],
      ['12.34', 'comma', null],
      ['1,5', 'point', null],
      ['0', 'point', '0'],
    ]
    for (const [value, style, expected] of cases) {
      expect(parseNumber(value, style)?.text ?? null, `${value} (${style})`).toBe(expected)
    }
    // Past 18 digits an integer may not fit bigint: it is a number.
    expect(parseNumber('1234567890123456789', 'point')).toEqual({
      text: '1234567890123456789',
      integer: false,
    })
  })

  it('reads real calendar dates only', () => {
    expect(parseDate('29-2-2024')).toEqual({ text: '2024-02-29', format: '%d-%m-%Y' })
    expect(parseDate('29-2-2025')).toBeNull()
    expect(parseDate('31-04-2025')).toBeNull()
    expect(parseDate('2025-13-01')).toBeNull()
    expect(parseDate('1 Mei 2025')).toEqual({ text: '2025-05-01', format: '%d %B %Y' })
    expect(parseDate('3 okt 2025')).toEqual({ text: '2025-10-03', format: '%d %b %Y' })
    expect(parseDate('3 foo 2025')).toBeNull()
    expect(parseDate('31-12-0099')).toBeNull()
  })

  it('converts times with a zone to UTC', () => {
    expect(parseDateTime('2025-01-01T00:30:00+01:00')?.text).toBe('2024-12-31T23:30:00')
    expect(parseDateTime('2025-06-30 22:00-0230')?.text).toBe('2025-07-01T00:30:00')
    expect(parseDateTime('2025-12-31T23:59:59.123Z')?.text).toBe('2025-12-31T23:59:59')
    expect(parseDateTime('31-12-2025 24:00')).toBeNull()
  })

  it('chooses a type that 90% of the values fit', () => {
    const guess = new ColumnGuess()
    for (let i = 0; i < 9; i++) guess.add(String(i + 1))
    guess.add('n.v.t.')
    expect(guess.type('point')).toBe('integer')
    guess.add('ook niet')
    expect(guess.type('point')).toBe('string')
  })
})
