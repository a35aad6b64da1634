// Shapes shared by the demo content modules and the file writers.

import type { WooCategory } from '@dataportaal/contract'

export type Cell = string | number | null

export type Block =
  | { type: 'heading'; level: 1 | 2; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'table'; header: string[]; rows: Cell[][] }

/** Prose for a PDF or DOCX file. */
export interface TextDocument {
  title: string
  subtitle?: string
  /** Shown under the title, e.g. "Vastgesteld op 12 maart 2024". */
  dateLine: string
  blocks: Block[]
}

export interface SheetColumn {
  header: string
  width?: number
  /** Excel number format, e.g. '#,##0' or '0.0'. */
  numFmt?: string
}

export interface Sheet {
  name: string
  columns: SheetColumn[]
  rows: Cell[][]
}

export type Position = [number, number]

export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'Polygon'; coordinates: Position[][] }

export interface Feature {
  type: 'Feature'
  id: string
  geometry: Geometry
  properties: Record<string, string | number | boolean | null>
}

export type FileSpec =
  | { kind: 'csv'; name: string; header: string[]; rows: Cell[][]; delimiter?: ',' | ';' }
  | { kind: 'geojson'; name: string; features: Feature[] }
  | { kind: 'xlsx'; name: string; title: string; sheets: Sheet[]; notes: string[] }
  | { kind: 'pdf'; name: string; doc: TextDocument }
  | { kind: 'docx'; name: string; doc: TextDocument }

export interface DemoDocument {
  key: string
  title: string
  description: string
  contentTypeName: string
  sourceFriendlyName: string
  themes: string[]
  license: string
  /** The Woo information category (woo.ts of the contract) where the document has one. */
  wooCategory?: WooCategory
  /** YYYY-MM-DD; also used as the fixed timestamp inside generated files. */
  modified: string
  files: FileSpec[]
}

export const OPEN_DATA_LICENSE = 'CC0-1.0'
export const DOCUMENT_LICENSE = 'CC-BY-4.0'
