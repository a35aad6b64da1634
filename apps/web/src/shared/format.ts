/**
 * The months as a Dutch date writes them. Written out, not asked of Intl.DateTimeFormat:
 * making that formatter loads the locale's calendar data, about 100 ms of blocked main thread
 * on a phone while the first page starts, for twelve words.
 */
const MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
]
const numberFormat = new Intl.NumberFormat('nl-NL')
const ratingFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 })

const HOUR = 3_600_000

/** 01:00 UTC on the last Sunday of a month: when the EU's summer time starts (March) or ends (October). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1))
  return last.getTime() - last.getUTCDay() * 24 * HOUR
}

/**
 * The calendar date in Amsterdam, whatever the time zone of the server or the device: a page
 * rendered on a server in UTC must say what the visitor's browser says when it takes over, or
 * React finds a different page (a document published at 23:30 UTC is dated the next day here).
 * The EU's rule for summer time, not Intl's time-zone data, for the same reason as the months.
 */
function amsterdamDay(time: number): Date {
  const year = new Date(time).getUTCFullYear()
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9)
  return new Date(time + (summer ? 2 : 1) * HOUR)
}

/** '2024-03-01' or an ISO timestamp → '1 maart 2024', the day it was in Amsterdam. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso.length === 10 ? `${iso}T12:00:00Z` : iso)
  if (Number.isNaN(time)) return iso
  const day = amsterdamDay(time)
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

export const formatNumber = (value: number) => numberFormat.format(value)

export const formatRating = (value: number) => ratingFormat.format(value)

/** Bytes → '12,3 kB' / '4,5 MB', as Dutch readers write it. */
export function formatFileSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB']
  let size = bytes
  let unit = 0
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000
    unit += 1
  }
  const digits = unit === 0 ? 0 : 1
  return `${new Intl.NumberFormat('nl-NL', { maximumFractionDigits: digits }).format(size)} ${units[unit]}`
}
