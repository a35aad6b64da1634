import {
  DOCUMENT_LIMITS,
  httpUrl,
  VOCABULARY_LIMITS,
  type WooCategory,
} from '@dataportaal/contract'
import { z } from 'zod'

/** One line of a catalogue file (the format of the CBS StatLine catalogue export). */
export const CatalogueRecord = z.object({
  id: z.string().trim().min(1).max(200),
  title: z.string().trim().min(DOCUMENT_LIMITS.titleMin).max(DOCUMENT_LIMITS.titleMax),
  description: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.descriptionMax - 100)
    .default(''),
  publisher: z.string().trim().min(1).max(120).optional(),
  themes: z.array(z.string().trim().min(1).max(VOCABULARY_LIMITS.nameMax)).max(20).default([]),
  keywords: z.array(z.string()).max(100).default([]),
  modified: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
  format: z.string().max(60).optional(),
  // Stored as a valid IRI (httpUrl), as harvested addresses are, for the DCAT catalogue.
  source_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .transform((url) => httpUrl(url) ?? url)
    .optional(),
  /**
   * Where the data itself can be fetched (a download or an API), as DCAT distributions: the
   * catalogue publishes each as a dcat:Distribution with its format and media type.
   */
  distributions: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        url: z
          .url({ protocol: /^https?$/ })
          .max(2000)
          .transform((url) => httpUrl(url) ?? url),
        format: z.string().trim().min(1).max(60).optional(),
        media_type: z.string().trim().min(1).max(200).optional(),
      }),
    )
    .max(20)
    .default([]),
})
export type CatalogueRecord = z.infer<typeof CatalogueRecord>

/** A document as the catalogue loader writes it: imported records and demo items alike. */
export interface CatalogueItem {
  key: string
  title: string
  description: string
  contentTypeName: string
  sourceFriendlyName: string
  themes: string[]
  /** As the source names it: stored as its URI where it is on the EU licence list. */
  license: string
  wooCategory: WooCategory | null
  date: string
  sourceUrl: string | null
  files: Array<{ path: string; fileName: string }>
  /** Where the data is fetched at its source (document_links), for records that say so. */
  links?: Array<{ title: string; url: string; format: string | null; mediaType: string | null }>
}
