import { beforeAll, describe, expect, it } from 'vitest'
import { loadCompoundSplitter, type CompoundSplitter } from '../documents/index.ts'
import { MARK_END, MARK_START, markCompoundParts, markedToHtml } from './highlight.ts'

let splitter: CompoundSplitter

beforeAll(async () => {
  splitter = await loadCompoundSplitter()
})

/** The text as the browser gets it, with compound parts marked for these query words. */
const marked = (text: string, queryWords: string[]) =>
  markedToHtml(markCompoundParts(text, queryWords, splitter))

describe('marking the matched part of a compound', () => {
  it('marks the tail a query word matched, accents and all', () => {
    expect(marked('Overheidsfinanciën; kerncijfers', ['financien'])).toBe(
      'Overheids<mark>financiën</mark>; kerncijfers',
    )
    expect(marked('Bromfietsen in het verkeer', ['fiets'])).toBe(
      'Brom<mark>fietsen</mark> in het verkeer',
    )
  })

  it('marks the head without its linking s, and several parts', () => {
    expect(marked('Overheidsfinanciën', ['overheid', 'financien'])).toBe(
      '<mark>Overheid</mark>s<mark>financiën</mark>',
    )
  })

  it('finds the part in text whose letters are written otherwise', () => {
    // A decomposed ë (e + combining diaeresis) and the ĳ ligature.
    expect(marked('Overheidsfinancie\u0308n', ['financien'])).toBe(
      'Overheids<mark>financie\u0308n</mark>',
    )
    expect(marked('Kerncĳfers', ['cijfers'])).toBe('Kern<mark>cĳfers</mark>')
  })

  it('leaves what the headline marked, words that are no compound, and short query words', () => {
    const headline = `${MARK_START}Overheidsfinanciën${MARK_END} en financiën`
    expect(marked(headline, ['financien'])).toBe('<mark>Overheidsfinanciën</mark> en financiën')
    expect(marked('Gemeente', ['gemeen'])).toBe('Gemeente')
    expect(marked('Afvalinzameling', ['af'])).toBe('Afvalinzameling')
  })

  it('marks a word seen before by what this search asked', () => {
    const text = 'Overheidsfinanciën en bromfietsen; overheidsfinanciën'
    expect(marked(text, ['financien'])).toBe(
      'Overheids<mark>financiën</mark> en bromfietsen; overheids<mark>financiën</mark>',
    )
    expect(marked(text, ['overheid'])).toBe(
      '<mark>Overheid</mark>sfinanciën en bromfietsen; <mark>overheid</mark>sfinanciën',
    )
    expect(marked(text, ['fiets'])).toBe(
      'Overheidsfinanciën en brom<mark>fietsen</mark>; overheidsfinanciën',
    )
    expect(marked(text, ['gemeente'])).toBe(text)
  })

  it('escapes the text around the marks', () => {
    expect(marked('<img src=x onerror=alert(1)>Afvalinzameling</img>', ['inzameling'])).toBe(
      '&lt;img src=x onerror=alert(1)&gt;Afval<mark>inzameling</mark>&lt;/img&gt;',
    )
  })
})
