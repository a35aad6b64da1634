import type { FieldType } from '@dataportaal/contract'

/**
 * Recognising the values of Dutch (and international) table files: missing values as CBS
 * writes them, numbers with a decimal comma or point, ja/nee, Dutch and ISO dates and times.
 * Pass 1 of the loader counts per column which types its values fit; pass 2 normalises every
 * value to the chosen type.
 */

export const MISSING_VALUES = ['', '.', '-']
const MISSING = new Set(MISSING_VALUES)

export const isMissing = (trimmed: string) => MISSING.has(trimmed)

/** 'comma': `1.234,5` (the Dutch way); 'point': `1234.5` or `1,234.5`. */
export type NumberStyle = 'comma' | 'point'

const COMMA_NUMBER = /^[+-]?(\d{1,3}(?:\.\d{3})+|\d+)(,\d+)?$/
const POINT_NUMBER = /^[+-]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?([eE][+-]?\d{1,3})?$/
// Beyond 18 digits an integer may not fit PostgreSQL's bigint.
const MAX_INTEGER_DIGITS = 18

export interface ParsedNumber {
  text: string
  integer: boolean
}

/**
 * A number written in `style`, as a plain decimal (`1234.5`), or null. A leading zero
 * (`0123`: a postcode, a CBS code) makes it text: the zero would be lost.
 */
export function parseNumber(value: string, style: NumberStyle): ParsedNumber | null {
  const match = (style === 'comma' ? COMMA_NUMBER : POINT_NUMBER).exec(value)
  if (!match) return null
  const digits = (match[1] ?? '').replace(style === 'comma' ? /\./g : /,/g, '')
  if (digits.length > 1 && digits.startsWith('0')) return null
  const sign = value.startsWith('-') ? '-' : ''
  const fraction = match[2] ? `.${match[2].slice(1)}` : ''
  const exponent = match[3] ?? ''
  const integer = fraction === '' && exponent === '' && digits.length <= MAX_INTEGER_DIGITS
  return { text: `${sign}${digits}${fraction}${exponent}`, integer }
}

const TRUE_WORDS = new Set(['ja', 'true', 'waar'])
const FALSE_WORDS = new Set(['nee', 'false', 'onwaar'])

export function parseBoolean(value: string): boolean | null {
  if (value.length > 6) return null
  const lower = value.toLowerCase()
  if (TRUE_WORDS.has(lower)) return true
  if (FALSE_WORDS.has(lower)) return false
  return null
}

const MONTHS =
  'januari februari maart april mei juni juli augustus september oktober november december'.split(
    ' ',
  )
const MONTH_ABBREVIATIONS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mrt: 3,
  maa: 3,
  apr: 4,
  mei: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  okt: 10,
  nov: 11,
  dec: 12,
}

export interface ParsedTemporal {
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` (UTC when the value had a zone). */
  text: string
  /** 'default' for ISO 8601, else a strptime pattern. */
  format: string
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

// Plain arithmetic: this runs for every date cell of a million-row table, twice.
function validDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  return day <= (month === 2 && leap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0))
}

function isoDate(year: number, month: number, day: number): string | null {
  // Date.UTC maps years 0–99 to 1900–1999; those are refused rather than guessed.
  if (year < 1000 || !validDate(year, month, day)) return null
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DUTCH_DATE = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/
const WORDS_DATE = /^(\d{1,2}) +([a-zA-Z]+)(\.?) +(\d{4})$/

export function parseDate(value: string): ParsedTemporal | null {
  let match = ISO_DATE.exec(value)
  if (match) {
    const text = isoDate(Number(match[1]), Number(match[2]), Number(match[3]))
    return text ? { text, format: 'default' } : null
  }
  match = DUTCH_DATE.exec(value)
  if (match) {
    const text = isoDate(Number(match[4]), Number(match[3]), Number(match[1]))
    return text ? { text, format: match[2] === '-' ? '%d-%m-%Y' : '%d/%m/%Y' } : null
  }
  match = WORDS_DATE.exec(value)
  if (match) {
    const word = (match[2] ?? '').toLowerCase()
    const full = MONTHS.indexOf(word) + 1
    const month = full || MONTH_ABBREVIATIONS[word]
    if (!month) return null
    const text = isoDate(Number(match[4]), month, Number(match[1]))
    const format = full && !match[3] ? '%d %B %Y' : `%d %b${match[3]} %Y`
    return text ? { text, format } : null
  }
  return null
}

const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/
const DUTCH_DATETIME = /^(\d{1,2})-(\d{1,2})-(\d{4}) +(\d{1,2}):(\d{2})(?::(\d{2}))?$/

function isoDateTime(
  parts: [number, number, number, number, number, number],
  offsetMinutes: number,
): string | null {
  const [year, month, day, hour, minute, second] = parts
  const date = isoDate(year, month, day)
  if (!date || hour > 23 || minute > 59 || second > 59) return null
  if (offsetMinutes === 0) return `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}`
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000
  const utc = new Date(ms)
  if (Number.isNaN(utc.getTime()) || utc.getUTCFullYear() < 1000) return null
  return utc.toISOString().slice(0, 19)
}

function zoneOffset(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0
  const digits = zone.slice(1).replace(':', '')
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)
  return zone.startsWith('-') ? -minutes : minutes
}

export function parseDateTime(value: string): ParsedTemporal | null {
  let match = ISO_DATETIME.exec(value)
  if (match) {
    const [, y, mo, d, h, mi, s, zone] = match
    const text = isoDateTime(
      [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0)],
      zoneOffset(zone),
    )
    return text ? { text, format: 'default' } : null
  }
  match = DUTCH_DATETIME.exec(value)
  if (match) {
    const [, d, mo, y, h, mi, s] = match
    const text = isoDateTime(
      [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0)],
      0,
    )
    return text ? { text, format: s === undefined ? '%d-%m-%Y %H:%M' : '%d-%m-%Y %H:%M:%S' } : null
  }
  return null
}

/** What pass 1 saw in one column: how many of its values fit each type. */
export class ColumnGuess {
  values = 0
  commaNumbers = 0
  commaIntegers = 0
  pointNumbers = 0
  pointIntegers = 0
  commaOnly = 0
  pointOnly = 0
  booleans = 0
  dates = 0
  datetimes = 0
  readonly dateFormats = new Set<string>()
  readonly datetimeFormats = new Set<string>()
  readonly trueValues = new Set<string>()
  readonly falseValues = new Set<string>()

  /** `value` is trimmed and not missing. */
  add(value: string): void {
    this.values++
    const first = value.charCodeAt(0)
    const digitOrSign = (first >= 48 && first <= 57) || first === 45 || first === 43
    if (!digitOrSign) {
      const boolean = parseBoolean(value)
      if (boolean !== null) {
        this.booleans++
        const seen = boolean ? this.trueValues : this.falseValues
        if (seen.size < 20) seen.add(value)
      }
      return
    }
    const comma = parseNumber(value, 'comma')
    const point = parseNumber(value, 'point')
    if (comma) {
      this.commaNumbers++
      if (comma.integer) this.commaIntegers++
      if (!point) this.commaOnly++
    }
    if (point) {
      this.pointNumbers++
      if (point.integer) this.pointIntegers++
      if (!comma) this.pointOnly++
    }
    if (comma || point) return
    const date = parseDate(value)
    if (date) {
      this.dates++
      this.dateFormats.add(date.format)
      return
    }
    const datetime = parseDateTime(value)
    if (datetime) {
      this.datetimes++
      this.datetimeFormats.add(datetime.format)
    }
  }

  numberStyle(hint: NumberStyle): NumberStyle {
    if (this.commaOnly !== this.pointOnly)
      return this.commaOnly > this.pointOnly ? 'comma' : 'point'
    return hint
  }

  /** The type at least 90% of the values fit (Frictionless's default confidence). */
  type(style: NumberStyle): FieldType {
    if (this.values === 0) return 'string'
    const enough = (count: number) => count >= 0.9 * this.values
    if (enough(style === 'comma' ? this.commaIntegers : this.pointIntegers)) return 'integer'
    if (enough(style === 'comma' ? this.commaNumbers : this.pointNumbers)) return 'number'
    if (enough(this.dates)) return 'date'
    if (enough(this.datetimes)) return 'datetime'
    if (enough(this.booleans)) return 'boolean'
    return 'string'
  }
}

/** One of the formats seen, or 'any' when the column mixes them. */
export const formatOf = (formats: ReadonlySet<string>): string =>
  formats.size === 1 ? ([...formats][0] ?? 'default') : formats.size === 0 ? 'default' : 'any'
