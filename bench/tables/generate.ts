/**
 * A Dutch CSV as a municipality's spreadsheet exports it: `;` between cells, decimal commas
 * and thousands points, dates as `31-12-2025`, `ja`/`nee`, CBS's `.` for a missing value,
 * Windows-1252 (a `€` in a header). Always the same rows for the same count.
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { seededRandom } from '../../apps/server/demo/tools/lib/random.ts'

export const HEADER = [
  'Regio',
  'Gemeentecode',
  'Peildatum',
  'Inwoners',
  'Bedrag (€)',
  'Percentage',
  'Actief',
  'Categorie',
  'Omschrijving',
  'Tijdstip',
  'Aantal',
  'Postcode',
] as const

export const MUNICIPALITIES = [
  'Amsterdam',
  'Rotterdam',
  "'s-Gravenhage",
  'Utrecht',
  'Eindhoven',
  'Groningen',
  'Tilburg',
  'Almere',
  'Breda',
  'Nijmegen',
  'Apeldoorn',
  'Arnhem',
  'Haarlem',
  'Haarlemmermeer',
  'Enschede',
  'Amersfoort',
  'Zaanstad',
  "'s-Hertogenbosch",
  'Zwolle',
  'Leeuwarden',
  'Leiden',
  'Maastricht',
  'Dordrecht',
  'Zoetermeer',
  'Ede',
  'Alphen aan den Rijn',
  'Westland',
  'Alkmaar',
  'Emmen',
  'Delft',
  'Venlo',
  'Deventer',
  'Súdwest-Fryslân',
  'Helmond',
  'Oss',
  'Hilversum',
  'Heerlen',
  'Sittard-Geleen',
  'Amstelveen',
  'Purmerend',
]
export const CATEGORIES = [
  'Afval',
  'Verkeer',
  'Onderwijs',
  'Zorg',
  'Wonen',
  'Cultuur',
  'Sport',
  'Economie',
  'Groen',
  'Veiligheid',
]
const WORDS = [
  'aanvraag',
  'subsidie',
  'onderhoud',
  'wijk',
  'straat',
  'project',
  'beleid',
  'jaarverslag',
  'bewoners',
  'fietspad',
  'parkeren',
  'container',
  'speeltuin',
  'renovatie',
  'energie',
  'zonnepanelen',
  'bibliotheek',
  'zwembad',
  'brug',
  'riolering',
]

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** `1234567.8` as `1.234.567,80`. */
function dutchAmount(value: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.') as [string, string]
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${value < 0 ? '-' : ''}${grouped},${fraction}`
}

export function* rows(count: number, seed = 'dataportaal-tabellen-1'): Generator<string[]> {
  let hash = 2166136261
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619)
  const random = seededRandom(hash >>> 0)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  for (let i = 0; i < count; i++) {
    const municipality = Math.floor(random() * MUNICIPALITIES.length)
    const day = 1 + Math.floor(random() * 28)
    const month = 1 + Math.floor(random() * 12)
    const year = 2015 + Math.floor(random() * 11)
    const words = Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick(WORDS))
    yield [
      MUNICIPALITIES[municipality]!,
      `GM${pad(municipality * 17 + 3, 4)}`,
      `${pad(day, 2)}-${pad(month, 2)}-${year}`,
      Math.floor(random() * 900_000 + 1_000).toLocaleString('nl-NL'),
      dutchAmount(random() * 2_000_000 - 100_000),
      (random() * 100).toFixed(1).replace('.', ','),
      random() < 0.5 ? 'ja' : 'nee',
      pick(CATEGORIES),
      words.join(' '),
      `${year}-${pad(month, 2)}-${pad(day, 2)}T${pad(Math.floor(random() * 24), 2)}:${pad(Math.floor(random() * 60), 2)}:00`,
      random() < 0.05 ? '.' : String(Math.floor(random() * 10_000)),
      `${1000 + Math.floor(random() * 8999)} ${String.fromCharCode(65 + Math.floor(random() * 26))}${String.fromCharCode(65 + Math.floor(random() * 26))}`,
    ]
  }
}

/** A cell as Excel writes it with `;`: quoted only when it holds `;`, a quote or a newline. */
const cell = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/** Writes `count` rows (and the header) to `file` in Windows-1252, CRLF line ends. */
export async function writeDutchCsv(file: string, count: number): Promise<void> {
  const out = createWriteStream(file)
  const write = async (line: string) => {
    if (!out.write(Buffer.from(`${line}\r\n`, 'latin1'))) await once(out, 'drain')
  }
  // Windows-1252 puts € at 0x80; latin1 (ISO-8859-1) has no €, so the header is written apart.
  out.write(
    Buffer.concat([
      Buffer.from(HEADER.join(';').replace('€', '\u0080'), 'latin1'),
      Buffer.from('\r\n'),
    ]),
  )
  let batch: string[] = []
  for (const row of rows(count)) {
    batch.push(row.map(cell).join(';'))
    if (batch.length === 1_000) {
      await write(batch.join('\r\n'))
      batch = []
    }
  }
  if (batch.length > 0) await write(batch.join('\r\n'))
  out.end()
  await once(out, 'finish')
}
