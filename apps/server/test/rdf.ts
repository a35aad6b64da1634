import fs from 'node:fs'
import path from 'node:path'
import { JsonLdParser } from 'jsonld-streaming-parser'
import { Parser, Store, type Quad } from 'n3'
import SHACLValidator from 'rdf-validate-shacl'
import { RdfXmlParser } from 'rdfxml-streaming-parser'

/** The DCAT-AP-NL 3.0 shapes, copied into the repository (test/standards/.../README.md). */
const SHAPES_DIR = path.join(import.meta.dirname, 'standards', 'dcat-ap-nl-3.0')
const SHAPE_FILES = [
  'dcat-ap-SHACL.ttl',
  'dcat-ap-nl-SHACL.ttl',
  'dcat-ap-nl-SHACL-klassebereik.ttl',
  'dcat-ap-nl-SHACL-klassebereik-codelijsten.ttl',
  'dcat-ap-nl-SHACL-aanbevolen.ttl',
]

export const parseTurtle = (text: string): Quad[] =>
  new Parser({ format: 'text/turtle' }).parse(text)

function parseStream(parser: JsonLdParser | RdfXmlParser, text: string): Promise<Quad[]> {
  const quads: Quad[] = []
  return new Promise((resolve, reject) => {
    parser.on('data', (quad: Quad) => quads.push(quad))
    parser.on('error', reject)
    parser.on('end', () => resolve(quads))
    parser.write(text)
    parser.end()
  })
}

export const parseJsonLd = (text: string) => parseStream(new JsonLdParser(), text)
export const parseRdfXml = (text: string) => parseStream(new RdfXmlParser(), text)

/** Triples as N-Triples-like lines, blank node labels made equal: for comparing graphs. */
export function tripleLines(quads: readonly Quad[]): string[] {
  const show = (term: Quad['subject'] | Quad['object'] | Quad['predicate']) => {
    if (term.termType === 'BlankNode') return '_:b'
    if (term.termType === 'Literal') {
      return `${JSON.stringify(term.value)}@${term.language}^^${term.datatype.value}`
    }
    return `<${term.value}>`
  }
  return quads.map((q) => `${show(q.subject)} ${show(q.predicate)} ${show(q.object)}`).sort()
}

let validator: SHACLValidator | null = null

export interface ShaclOutcome {
  violations: string[]
  warnings: string[]
}

/** Validates against the base and Dutch shapes together, as the specification demands. */
export async function validateDcat(quads: readonly Quad[]): Promise<ShaclOutcome> {
  if (!validator) {
    const shapes = SHAPE_FILES.flatMap((file) =>
      parseTurtle(fs.readFileSync(path.join(SHAPES_DIR, file), 'utf8')),
    )
    validator = new SHACLValidator(new Store(shapes))
  }
  const report = await validator.validate(new Store([...quads]))
  const describe = (result: (typeof report.results)[number]) =>
    `${result.severity?.value.split('#')[1]} ${result.focusNode?.value} ${result.path?.value ?? ''} ${result.message.map((m) => m.value).join('; ')} (${result.sourceShape?.value})`
  const lines = report.results.map(describe)
  return {
    violations: lines.filter((line) => !line.startsWith('Warning') && !line.startsWith('Info')),
    warnings: lines.filter((line) => line.startsWith('Warning')),
  }
}

/**
 * The recommended properties ('aanbevolen') the portal cannot fill: standards and
 * documentation it does not know, data services it has none of, and a download URL for
 * data that lives at its source (the #bron distribution links to the source's page).
 */
export const EXPECTED_WARNINGS =
  /(conformsTo|documentation|accessService|linkedSchemas)_aanbevolen|#bron .*DistributionShape_downloadURL_aanbevolen/
