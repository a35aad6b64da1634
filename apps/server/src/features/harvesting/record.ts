import type { HarvestKind } from '@dataportaal/contract'

/**
 * The seam between collecting and mapping (docs/harvesting.md). The collector reads a
 * source's pages in a worker thread and sends back records in this plain shape, one per
 * dcat:Dataset or CKAN package, with nothing checked yet: the mapper (map.ts) decides what
 * the portal takes in and refuses the rest with a reason.
 */
export interface HarvestedRecord {
  /**
   * The source's identifier of the record: dct:identifier, else the dataset's IRI (a blank
   * node has none); CKAN's `id`, else its `name`. Empty when the source gave none.
   */
  identifier: string
  /** A Dutch literal first, then one without language, then any; null when there is none. */
  title: string | null
  description: string | null
  /** Free words: dcat:keyword, CKAN tags (their `display_name` or `name`). */
  keywords: string[]
  /** dcat:theme IRIs as given (the EU data themes among them are mapped). */
  themeIris: string[]
  /** CKAN groups, by `title`, else `name`. */
  groups: string[]
  /**
   * The licence as the source names it: an IRI or URL (DCAT, CKAN `license_url`), a CKAN
   * `license_id`, or a licence document's label. The dataset's own, else the first one of its
   * distributions; null when neither has one.
   */
  licence: string | null
  /** dct:modified / CKAN `metadata_modified`, as given (ISO date or date-time). */
  modified: string | null
  /** dct:issued / CKAN `metadata_created`, as given. */
  issued: string | null
  /** dcat:landingPage, else foaf:page / CKAN's dataset page (`{site}/dataset/{name}`) or `url`. */
  landingPage: string | null
  /** dct:temporal's dcat:startDate and dcat:endDate / CKAN `temporal_start`, `temporal_end`. */
  temporal?: { start: string | null; end: string | null }
  /** dct:spatial as an IRI / CKAN `spatial_uri`. */
  spatial?: string | null
  distributions: HarvestedDistribution[]
}

export interface HarvestedDistribution {
  title: string | null
  /** dcat:downloadURL, else dcat:accessURL; CKAN resource `url`. */
  url: string | null
  /** The EU file type's code (`CSV`) from dct:format, or the format as written (CKAN). */
  format: string | null
  /** From dcat:mediaType (its IANA IRI read back to `text/csv`) or CKAN `mimetype`. */
  mediaType: string | null
  /** dcat:byteSize / CKAN `size`, when it is a whole number of bytes. */
  size: number | null
}

/** What collecting a whole source gives: every record of every page, in page order. */
export interface CollectedSource {
  records: HarvestedRecord[]
  pages: number
  /** What the source said it holds (hydra:totalItems, CKAN `count`); null when it did not. */
  expected: number | null
}

/** Told after every page, for the run's progress bar. */
export interface CollectProgress {
  pages: number
  records: number
  expected: number | null
}

export interface SourceToCollect {
  url: string
  kind: HarvestKind
}

/**
 * Collecting failed (a page could not be fetched or read, a limit was passed): the run
 * changes nothing and reports `message`, which is Dutch and names the page.
 */
export class HarvestCollectError extends Error {
  override readonly name = 'HarvestCollectError'
}

/** The background job that runs one harvest run; its payload is `{ runId }`. */
export const HARVEST_JOB = 'harvest'
