import { JsonLdSerializer } from 'jsonld-streaming-serializer'
import { Writer, type Quad } from 'n3'
import { toRdfXml } from './rdf-xml.ts'
import { NS } from './vocabulary.ts'

/** The serialisations the catalogue speaks, by their `?format=` name. */
export const RDF_FORMATS = {
  ttl: 'text/turtle',
  jsonld: 'application/ld+json',
  rdf: 'application/rdf+xml',
} as const

export type RdfFormat = keyof typeof RDF_FORMATS

export function toTurtle(quads: readonly Quad[]): Promise<string> {
  const writer = new Writer({ prefixes: { ...NS } })
  writer.addQuads([...quads])
  return new Promise((resolve, reject) => {
    writer.end((error: Error | null, result: string) => (error ? reject(error) : resolve(result)))
  })
}

export function toJsonLd(quads: readonly Quad[]): Promise<string> {
  const serializer = new JsonLdSerializer({ context: { ...NS }, space: '  ' })
  const chunks: string[] = []
  return new Promise((resolve, reject) => {
    serializer.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()))
    serializer.on('error', reject)
    serializer.on('end', () => resolve(chunks.join('')))
    for (const quad of quads) serializer.write(quad)
    serializer.end()
  })
}

export async function serialize(quads: readonly Quad[], format: RdfFormat): Promise<string> {
  if (format === 'ttl') return toTurtle(quads)
  if (format === 'jsonld') return toJsonLd(quads)
  return toRdfXml(quads)
}
