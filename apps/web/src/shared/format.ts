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

/** '2024-03-01' or an ISO timestamp → '1 maart 2024'. */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00` : iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`
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
