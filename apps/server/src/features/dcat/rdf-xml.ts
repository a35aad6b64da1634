import type { Quad, Term } from 'n3'
import { element, xmlDocument, type XmlMarkup } from '../../shared/xml-writer.ts'
import { NS } from './vocabulary.ts'

/**
 * RDF/XML from quads (docs/decisions.md: no maintained RDF/XML serialiser for the RDF/JS
 * stack, so this small one). Every subject is an rdf:Description, its types rdf:type
 * elements; objects are rdf:resource or rdf:nodeID references, or text with xml:lang or
 * rdf:datatype. All values go through the XML writer's escaping.
 */

const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/

/** A predicate IRI split into namespace and local name, as RDF/XML needs it. */
function splitIri(iri: string): { namespace: string; local: string } {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1
  const local = iri.slice(cut)
  if (cut === 0 || !XML_NAME.test(local)) {
    throw new Error(`predicate ${iri} cannot be written as an RDF/XML element`)
  }
  return { namespace: iri.slice(0, cut), local }
}

class Namespaces {
  private readonly prefixes = new Map<string, string>(
    Object.entries(NS).map(([prefix, namespace]) => [namespace, prefix]),
  )
  readonly used = new Map<string, string>([[NS.rdf, 'rdf']])

  qname(iri: string): string {
    const { namespace, local } = splitIri(iri)
    let prefix = this.prefixes.get(namespace)
    if (!prefix) {
      prefix = `ns${this.prefixes.size + 1}`
      this.prefixes.set(namespace, prefix)
    }
    this.used.set(namespace, prefix)
    return `${prefix}:${local}`
  }
}

const nodeId = (term: Term) => `b${term.value.replace(/[^A-Za-z0-9_-]/g, '_')}`

function subjectAttributes(term: Term) {
  return term.termType === 'BlankNode'
    ? { 'rdf:nodeID': nodeId(term) }
    : { 'rdf:about': term.value }
}

function propertyElement(namespaces: Namespaces, quad: Quad): XmlMarkup {
  const name = namespaces.qname(quad.predicate.value)
  const object = quad.object
  if (object.termType === 'NamedNode') return element(name, { 'rdf:resource': object.value })
  if (object.termType === 'BlankNode') return element(name, { 'rdf:nodeID': nodeId(object) })
  if (object.termType !== 'Literal') throw new Error(`cannot write a ${object.termType} object`)
  if (object.language) return element(name, { 'xml:lang': object.language }, object.value)
  const datatype = object.datatype.value
  const plainString = datatype === `${NS.xsd}string`
  return element(name, plainString ? {} : { 'rdf:datatype': datatype }, object.value)
}

/** The quads as one RDF/XML document. */
export function toRdfXml(quads: readonly Quad[]): string {
  const namespaces = new Namespaces()
  const bySubject = new Map<string, { subject: Term; quads: Quad[] }>()
  for (const quad of quads) {
    const key = `${quad.subject.termType}:${quad.subject.value}`
    const entry = bySubject.get(key) ?? { subject: quad.subject, quads: [] }
    entry.quads.push(quad)
    bySubject.set(key, entry)
  }
  const descriptions = [...bySubject.values()].map(({ subject, quads: own }) =>
    element(
      'rdf:Description',
      subjectAttributes(subject),
      ...own.map((quad) => propertyElement(namespaces, quad)),
    ),
  )
  // The namespaces are known once every element is named.
  const declarations = Object.fromEntries(
    [...namespaces.used].map(([namespace, prefix]) => [`xmlns:${prefix}`, namespace]),
  )
  return xmlDocument(element('rdf:RDF', declarations, ...descriptions))
}
