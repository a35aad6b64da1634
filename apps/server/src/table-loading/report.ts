import {
  TABLE_LIMITS,
  type ReportError,
  type ReportErrorType,
  type TableReport,
} from '@dataportaal/contract'

/**
 * The quality report of one table: every error counted per type and column, the first
 * `TABLE_LIMITS.errorsPerKind` of each kept with their Dutch message.
 */
export class ReportCollector {
  private readonly counts = new Map<
    string,
    { type: ReportErrorType; fieldName?: string; count: number }
  >()
  private readonly errors: ReportError[] = []

  /** `message` is built only for an error that is kept. */
  add(
    type: ReportErrorType,
    fieldName: string | undefined,
    rowNumber: number | undefined,
    message: () => string,
    count = 1,
  ): void {
    const key = `${type}\u0000${fieldName ?? ''}`
    let entry = this.counts.get(key)
    if (!entry) {
      entry = fieldName === undefined ? { type, count: 0 } : { type, fieldName, count: 0 }
      this.counts.set(key, entry)
    }
    const before = entry.count
    entry.count += count
    if (before < TABLE_LIMITS.errorsPerKind) {
      const error: ReportError = { type, message: message() }
      if (rowNumber !== undefined && rowNumber > 0) error.rowNumber = rowNumber
      if (fieldName !== undefined) error.fieldName = fieldName
      this.errors.push(error)
    }
  }

  report(): TableReport {
    return {
      valid: this.errors.length === 0,
      counts: [...this.counts.values()],
      errors: this.errors,
    }
  }
}

export const emptyReport = (): TableReport => ({ valid: false, counts: [], errors: [] })

/** Quoted in a message, at most 50 characters of it. */
export const quote = (value: string) => `'${value.length > 50 ? `${value.slice(0, 50)}…` : value}'`

/** A size for a Dutch message: `8 MB`, or `2 kB` below a megabyte. */
export function byteSize(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return mb >= 1 ? `${Math.round(mb)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`
}
