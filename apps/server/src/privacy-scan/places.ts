import type { Hit } from './detection.ts'
import { glued, isWordChar, matches } from './text-edges.ts'

/** A home address (a postcode with its house number) and a car's licence plate. */

// PostNL never issues SA, SD and SS.
const POSTCODE = /(?<!\w)[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}(?!\w)/g
// A number, with an addition glued to it (`12a`, `12-B`), a capital after a space (`12 A`) or
// a second number (`12-3`, `12/3`).
const HOUSE_NUMBER = String.raw`\d{1,5}(?:-?[A-Za-z]{1,2}(?![\p{L}\p{N}])| [A-Z](?![\p{L}\p{N}])|[-/]\d{1,4}(?!\d))?`
// `1234 AB 12`: the house number after the postcode.
const NUMBER_AFTER = new RegExp(String.raw`^,? ${HOUSE_NUMBER}(?![\p{L}\p{N}_]|[.,]\d)`, 'u')
// `Straat 12, 1234 AB`: a street's last word and its number before it; a P.O. box is no home.
const NUMBER_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_])(\p{L}{2,}\.?) (${HOUSE_NUMBER}),? ?$`,
  'u',
)
const NO_HOME = /^(?:postbus|antwoordnummer|pb)$/i

export function findAddresses(text: string, hits: Hit[]) {
  for (const match of matches(POSTCODE, text)) {
    const start = match.index
    const end = start + match[0].length
    if (glued(text, start, end)) continue
    const after = NUMBER_AFTER.exec(text.slice(end, end + 16))
    if (after) {
      hits.push({ kind: 'postcode-huisnummer', start, end: end + after[0].length })
      continue
    }
    // A house number before it stands within the last few characters: most postcodes in a
    // text (`postcode 1234 AB`) need no closer look.
    if (!/\d/.test(text.slice(Math.max(0, start - 12), start))) continue
    const window = text.slice(Math.max(0, start - 40), start)
    const before = NUMBER_BEFORE.exec(window)
    if (before && !NO_HOME.test(before[1] ?? '')) {
      const numberAt = start - window.length + before.index + (before[1]?.length ?? 0) + 1
      hits.push({ kind: 'postcode-huisnummer', start: numberAt, end })
    }
  }
}

// The RDW's sidecodes: L a letter, D a digit.
const SIDECODES = new Set([
  'LL-DD-DD',
  'DD-DD-LL',
  'DD-LL-DD',
  'LL-DD-LL',
  'LL-LL-DD',
  'DD-LL-LL',
  'DD-LLL-D',
  'D-LLL-DD',
  'LL-DDD-L',
  'L-DDD-LL',
  'LLL-DD-L',
  'L-DD-LLL',
  'D-LL-DDD',
  'DDD-LL-D',
])
// No vowels since sidecode 4 and never C, Q or Y (they read as 0 or as a vowel); plates from
// before 1978 with vowels are left out rather than reading every `AB-12-34` as one.
const PLATE_LETTERS = /^[BDFGHJKLMNPRSTVWXZ]+$/
// Found by its middle group (a literal dash is quick to look for), then its outer groups.
const PLATE_MIDDLE = /-([A-Z0-9]{1,3})-/g

const shapeOf = (group: string) =>
  /^\d+$/.test(group)
    ? 'D'.repeat(group.length)
    : /^[A-Z]+$/.test(group)
      ? 'L'.repeat(group.length)
      : null

const isPlateChar = (c: string | undefined) =>
  c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))

export function findPlates(text: string, hits: Hit[]) {
  for (const match of matches(PLATE_MIDDLE, text)) {
    const firstDash = match.index
    const secondDash = firstDash + match[0].length - 1
    let start = firstDash
    while (start > 0 && firstDash - start < 4 && isPlateChar(text[start - 1])) start--
    let end = secondDash + 1
    while (end < text.length && end - secondDash <= 4 && isPlateChar(text[end])) end++
    if (isWordChar(text[start - 1]) || text[start - 1] === '-' || isWordChar(text[end])) continue
    if (text[end] === '-' && isPlateChar(text[end + 1])) continue
    const groups = [text.slice(start, firstDash), match[1] ?? '', text.slice(secondDash + 1, end)]
    const shapes = groups.map(shapeOf)
    if (shapes.includes(null) || !SIDECODES.has(shapes.join('-'))) continue
    const letters = groups.filter((_, i) => shapes[i]?.startsWith('L')).join('')
    if (!PLATE_LETTERS.test(letters)) continue
    hits.push({ kind: 'kenteken', start, end })
  }
}
