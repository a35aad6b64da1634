import type { Quad, Term } from '@rdfjs/types'

export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  hydra: 'http://www.w3.org/ns/hydra/core#',
} as const

export const RDF_TYPE = `${NS.rdf}type`

const keyOf = (term: Term) => `${term.termType}:${term.value}`

/**
 * One page's triples, indexed by subject and predicate so a dataset's properties are found
 * without scanning the page for each. Named graphs are merged: a catalogue is one graph.
 */
export class PageGraph {
  private readonly bySubject = new Map<string, Map<string, Term[]>>()
  /** Subjects of each rdf:type, in the order the page states their type. */
  private readonly byType = new Map<string, Term[]>()

  constructor(quads: Iterable<Quad>) {
    for (const { subject, predicate, object } of quads) {
      const key = keyOf(subject)
      let properties = this.bySubject.get(key)
      if (!properties) this.bySubject.set(key, (properties = new Map()))
      const objects = properties.get(predicate.value)
      if (objects) objects.push(object)
      else properties.set(predicate.value, [object])
      if (predicate.value === RDF_TYPE) {
        const subjects = this.byType.get(object.value)
        if (subjects) subjects.push(subject)
        else this.byType.set(object.value, [subject])
      }
    }
  }

  /** The objects of `subject`'s `predicate`, in page order. */
  objects(subject: Term, predicate: string): Term[] {
    return this.bySubject.get(keyOf(subject))?.get(predicate) ?? []
  }

  /** Every subject of the type, once each, in page order. */
  ofType(type: string): Term[] {
    const seen = new Set<string>()
    return (this.byType.get(type) ?? []).filter((term) => {
      const key = keyOf(term)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }

  /** Every object of `predicate`, whatever its subject. */
  allObjects(predicate: string): Term[] {
    const found: Term[] = []
    for (const properties of this.bySubject.values())
      found.push(...(properties.get(predicate) ?? []))
    return found
  }
}

const isDutch = (language: string) => language === 'nl' || language.startsWith('nl-')

/** A literal in Dutch first, then one without language, then any; null when there is none. */
export function preferredText(terms: readonly Term[]): string | null {
  const literals = terms.filter((term) => term.termType === 'Literal')
  const pick =
    literals.find((term) => isDutch(term.language.toLowerCase())) ??
    literals.find((term) => term.language === '') ??
    literals[0]
  return pick ? pick.value : null
}

/** The literals in Dutch or without language, once each. */
export function dutchTexts(terms: readonly Term[]): string[] {
  const texts = terms
    .filter(
      (term) =>
        term.termType === 'Literal' &&
        (term.language === '' || isDutch(term.language.toLowerCase())),
    )
    .map((term) => term.value.trim())
    .filter((text) => text !== '')
  return [...new Set(texts)]
}

/** An IRI's value, or a literal's (some catalogues write URLs as strings); null otherwise. */
export function iriOrText(term: Term | undefined): string | null {
  if (!term) return null
  return term.termType === 'NamedNode' || term.termType === 'Literal' ? term.value : null
}
