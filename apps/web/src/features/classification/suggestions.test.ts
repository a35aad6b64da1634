import type { ThesaurusEntry } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { MAX_SUGGESTIONS, resolveName, suggestionsFor } from './suggestions.ts'

const THEMES = ['Fietsen', 'Verkeer', 'Wonen', 'Groen']
const THESAURUS: ThesaurusEntry[] = [
  { term: 'Fietsen', synonyms: ['fiets', 'rijwiel'], related: ['Verkeer'] },
  { term: 'Groen', synonyms: ['park', 'plantsoen'], related: [] },
  // A thesaurus term that is not (or no longer) a theme cannot be attached.
  { term: 'Oud thema', synonyms: ['parkeren'], related: [] },
]
const label = (synonym: string, term: string) => `${synonym} (synoniem van ${term})`
const suggest = (text: string, present: string[] = []) =>
  suggestionsFor(text, THEMES, THESAURUS, present, label)

describe('picker suggestions', () => {
  it('match anywhere in a name or synonym, ignoring case; those that start with it first', () => {
    expect(suggest('PARK')).toEqual([{ name: 'Groen', label: 'park (synoniem van Groen)' }])
    expect(suggest('r').map((suggestion) => suggestion.label)).toEqual([
      'rijwiel (synoniem van Fietsen)',
      'Groen',
      'park (synoniem van Groen)',
      'Verkeer',
    ])
  })

  it('leave out what the document has, also when reached through a synonym', () => {
    expect(suggest('fiets', ['fietsen'])).toEqual([])
  })

  it('suggest nothing for nothing typed, and at most a handful', () => {
    expect(suggest('   ')).toEqual([])
    const many = Array.from({ length: 20 }, (_, index) => `Thema ${index}`)
    expect(suggestionsFor('thema', many, [], [], label)).toHaveLength(MAX_SUGGESTIONS)
  })
})

describe('the name sent for what was typed', () => {
  it('is the vocabulary’s spelling, the theme of a synonym, or the text as typed', () => {
    expect(resolveName(' wonen ', THEMES, THESAURUS)).toBe('Wonen')
    expect(resolveName('Rijwiel', THEMES, THESAURUS)).toBe('Fietsen')
    expect(resolveName(' Onzin ', THEMES, THESAURUS)).toBe('Onzin')
  })
})
