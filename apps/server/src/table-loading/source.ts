import type { FieldType } from '@dataportaal/contract'
import type { NumberStyle } from './values.ts'

/** One row as a reader gives it: the cells as text, in column order. */
export interface RawRow {
  /** Row number in the file: the line for CSV/TSV, the sheet's row, array index + 1 for JSON. */
  rowNumber: number
  cells: readonly string[]
  /** The row stands for this many identical rows (ODS `number-rows-repeated`); default 1. */
  repeat?: number
  /** Cells in the row, counted also where `cells` stops (a sheet's far columns). */
  width?: number
}

export interface SheetRef {
  index: number
  /** null for a file without sheets. */
  name: string | null
}

/** Gets a row; false when it wants no more rows of that sheet. */
export type RowSink = (sheet: SheetRef, row: RawRow) => boolean

/** A file's tables as a reader sees them. */
export interface TableSource {
  /** Every row of every sheet, in order; called once per pass. */
  read(sink: RowSink): Promise<void>
  /** How a number that could be either (`1.234`) is read. */
  numberStyle: NumberStyle
  /** Rows shorter than the header are reported (a CSV); a sheet's rows just end early. */
  reportsMissingCells: boolean
  /** The first row is the header (JSON keys); otherwise title lines above it are skipped. */
  headerFirst: boolean
  /** Types fixed by the format, per column index (a GeoJSON geometry). */
  fixedTypes?: ReadonlyMap<number, FieldType>
}

/** A file that holds no table the loader can read: the reason is Dutch, for the owner. */
export class TableFailure extends Error {
  override readonly name = 'TableFailure'
}
