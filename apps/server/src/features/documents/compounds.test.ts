import { beforeAll, describe, expect, it } from 'vitest'
import { loadCompoundSplitter, type CompoundSplitter } from './compounds.ts'
import { parseLexicon } from './lexicon.ts'

let splitter: CompoundSplitter

beforeAll(async () => {
  splitter = await loadCompoundSplitter()
})

/** The parts of a word as `head|tail`, each as the index stores it. */
const terms = (word: string) =>
  splitter
    .split(word)
    .map((part) => part.term)
    .join('|')

/** The parts as they stand in the word. */
const spans = (word: string) =>
  splitter
    .split(word)
    .map((part) => word.slice(part.start, part.end))
    .join('|')

describe('splitting with OpenTaal’s dictionary', () => {
  it('splits the compounds of the issue into head and tail', () => {
    expect(terms('bromfietsen')).toBe('brom|fietsen')
    expect(terms('overheidsfinancien')).toBe('overheid|financien')
    expect(terms('afvalinzameling')).toBe('afval|inzameling')
    expect(terms('kerncijfers')).toBe('kern|cijfers')
  })

  it('drops the linking s and en to give the dictionary word of the head', () => {
    expect(terms('bevolkingsgroei')).toBe('bevolking|groei')
    expect(spans('bevolkingsgroei')).toBe('bevolking|groei')
    expect(terms('fietsenstalling')).toBe('fiets|stalling')
    expect(terms('arbeidsmarkt')).toBe('arbeid|markt')
  })

  it('keeps the inflection of the tail, so the stemmer treats it as the word alone', () => {
    expect(terms('bestemmingsplannen')).toBe('bestemming|plannen')
    expect(terms('asielverzoeken')).toBe('asiel|verzoeken')
  })

  it('splits compounds of three parts', () => {
    expect(terms('afvalinzamelingspunt')).toBe('afval|inzameling|punt')
    expect(terms('bromfietsenstalling')).toBe('brom|fiets|stalling')
  })

  it('leaves words alone that the dictionary does not allow as a compound', () => {
    // `gemeen` is an adjective that begins no compound; `te` is too short anyway.
    expect(terms('gemeente')).toBe('')
    expect(terms('gemeentelijke')).toBe('')
    // `onder` and `ver` carry no compound flag.
    expect(terms('onderwijs')).toBe('')
    expect(terms('verkeer')).toBe('')
    // A boundary the dictionary forbids (`huis` + `vesting`).
    expect(terms('huisvesting')).toBe('')
  })

  it('leaves short words, numbers and unknown words alone', () => {
    expect(terms('fiets')).toBe('')
    expect(terms('wijkbus')).toBe('')
    expect(terms('2024afval')).toBe('')
    expect(terms('qwertyuiopasdf')).toBe('')
  })

  it('collects the distinct parts of the compounds of a text, normalised', () => {
    expect(splitter.termsOf('Overheidsfinanciën; kerncijfers van de overheidsfinanciën')).toEqual([
      'overheid',
      'financien',
      'kern',
      'cijfers',
    ])
  })
})

describe('reading a Hunspell dictionary', () => {
  // A dictionary in OpenTaal's conventions, small enough to check every rule by hand.
  const aff = [
    'FLAG long',
    'COMPOUNDBEGIN Ca',
    'COMPOUNDMIDDLE Cb',
    'COMPOUNDEND Cc',
    'CHECKCOMPOUNDPATTERN uis vestin',
    'CHECKCOMPOUNDPATTERN /Xf relat',
    'SFX Ch Y 1',
    'SFX Ch 0 s/CaCbCxCp .',
    'SFX Zb Y 2',
    'SFX Zb 0 en/CaCbCp [^eo]\t\tts:NN2',
    'SFX Zb 0 ën/CaCbCp [eo]\t\tts:NN2',
    'SFX Vt Y 1',
    'SFX Vt 0 t .',
  ].join('\n')
  const dic = [
    '7',
    'overheid/CcCh',
    'fiets/CaCcZb',
    'idee/CcZb',
    'werk/Vt',
    'km\\/h',
    'cĳfer/Cc',
    'jacuzzi/Cc\tOpmerking: merknaam',
  ].join('\n')
  const lexicon = parseLexicon(dic, aff)

  it('takes heads from the begin and middle flags and the linking forms of the affix rules', () => {
    expect(Object.fromEntries(lexicon.heads)).toEqual({
      overheids: 'overheid',
      fiets: 'fiets',
      fietsen: 'fiets',
      ideeen: 'idee',
    })
  })

  it('takes tails from the end flag, with their plurals, normalised', () => {
    expect([...lexicon.tails].sort()).toEqual([
      'cijfer',
      'fiets',
      'fietsen',
      'idee',
      'ideeen',
      'jacuzzi',
      'overheid',
    ])
  })

  it('keeps only the forbidden boundaries written in letters', () => {
    expect(lexicon.forbidden).toEqual([{ end: 'uis', start: 'vestin' }])
  })
})
