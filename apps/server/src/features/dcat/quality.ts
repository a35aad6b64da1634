import type { LinkState, QualityDistribution, QualityInput } from '@dataportaal/contract'
import type { Quad } from 'n3'
import { NS } from './vocabulary.ts'

/**
 * What the catalogue really publishes for each dataset, read back from its triples, as the
 * quality score's input: data.europa.eu computes the MQA from the harvested DCAT, so this is
 * the reference the portal's own input (the contract's qualityInputOf) is checked against.
 * `linkState` tells what the link checker knows of a URL; `compliant` whether a dataset's
 * description passed the SHACL shapes.
 */
export function qualityInputsOfGraph(
  quads: readonly Quad[],
  linkState: (url: string) => LinkState,
  compliant: (dataset: string) => boolean = () => true,
): Map<string, QualityInput> {
  const bySubject = new Map<string, Quad[]>()
  for (const q of quads) {
    const list = bySubject.get(q.subject.value) ?? []
    list.push(q)
    bySubject.set(q.subject.value, list)
  }
  const values = (subject: string, predicate: string) =>
    (bySubject.get(subject) ?? [])
      .filter((q) => q.predicate.value === predicate)
      .map((q) => q.object.value)
  const first = (subject: string, predicate: string) => values(subject, predicate)[0] ?? null
  const has = (subject: string, predicate: string) => values(subject, predicate).length > 0

  const datasets = quads
    .filter((q) => q.predicate.value === `${NS.rdf}type` && q.object.value === `${NS.dcat}Dataset`)
    .map((q) => q.subject.value)

  const inputs = new Map<string, QualityInput>()
  for (const dataset of datasets) {
    const distributions = values(dataset, `${NS.dcat}distribution`).map(
      (node): QualityDistribution => {
        const access = first(node, `${NS.dcat}accessURL`)
        const download = first(node, `${NS.dcat}downloadURL`)
        return {
          accessUrl: access === null ? 'kapot' : linkState(access),
          downloadUrl: download === null ? null : linkState(download),
          format: first(node, `${NS.dct}format`),
          mediaType: first(node, `${NS.dcat}mediaType`),
          licence: first(node, `${NS.dct}license`),
          rights: has(node, `${NS.dct}rights`),
          byteSize: has(node, `${NS.dcat}byteSize`),
        }
      },
    )
    inputs.set(dataset, {
      keywords: values(dataset, `${NS.dcat}keyword`).length,
      themes: values(dataset, `${NS.dcat}theme`).length,
      spatial: has(dataset, `${NS.dct}spatial`),
      temporal: has(dataset, `${NS.dct}temporal`),
      accessRights: first(dataset, `${NS.dct}accessRights`),
      contactPoint: has(dataset, `${NS.dcat}contactPoint`),
      publisher: has(dataset, `${NS.dct}publisher`),
      issued: has(dataset, `${NS.dct}issued`),
      modified: has(dataset, `${NS.dct}modified`),
      dcatApCompliant: compliant(dataset),
      distributions,
    })
  }
  return inputs
}
