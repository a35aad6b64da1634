import { MAX_EXTRACTED_CHARS } from './text.ts'

/**
 * What one text extraction may cost. Every extraction runs in its own worker thread; these
 * bounds are what make a hostile or merely enormous file harmless to the server.
 */
export interface ExtractionLimits {
  /** The worker is terminated after this long, whatever it is doing. */
  timeoutMs: number
  /** Heap of the worker (V8 old generation); past it the worker dies, not the server. */
  memoryMb: number
  /**
   * Most bytes inflated from one ZIP entry (DOCX, XLSX, OpenDocument). An entry that must be
   * read whole is refused before inflating when its declared size is larger; every entry is
   * counted while inflating, as declared sizes can lie.
   */
  maxEntryBytes: number
  /** Pages of a PDF read at most; the text of later pages is left out, like text past the cap. */
  maxPdfPages: number
  /** Characters of text kept per file. */
  maxChars: number
}

export const DEFAULT_LIMITS: ExtractionLimits = {
  timeoutMs: 60_000,
  memoryMb: 256,
  maxEntryBytes: 100 * 1024 * 1024,
  maxPdfPages: 1_000,
  maxChars: MAX_EXTRACTED_CHARS,
}

/** Why a file has no searchable text. */
export type ExtractionFailure =
  'unreadable' | 'encrypted' | 'timeout' | 'unsupported' | 'too-large' | 'out-of-memory'

/** Raised for any file whose text cannot be read, so a caller can mark the extraction failed. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError'

  constructor(
    /** In Dutch: shown to the file's owner and to admins. */
    message: string,
    readonly mediaType: string,
    readonly reason: ExtractionFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * A failure inside a reader that says what kind it is; the worker turns it into the
 * ExtractionError the caller sees.
 */
export class ReadFailure extends Error {
  override readonly name = 'ReadFailure'

  constructor(
    readonly reason: ExtractionFailure,
    message: string,
  ) {
    super(message)
  }
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024))

/** The reason an admin reads, in Dutch. */
export function failureMessage(reason: ExtractionFailure, limits: ExtractionLimits): string {
  switch (reason) {
    case 'too-large':
      return `Het bestand is te groot om te doorzoeken (meer dan ${megabytes(limits.maxEntryBytes)} MB tekst).`
    case 'timeout':
      return `Het lezen duurde langer dan ${Math.ceil(limits.timeoutMs / 1000)} seconden.`
    case 'out-of-memory':
      return 'Het bestand vraagt te veel geheugen om te doorzoeken.'
    case 'encrypted':
      return 'Het bestand is met een wachtwoord beveiligd.'
    case 'unsupported':
      return 'Van dit soort bestand wordt geen tekst gelezen.'
    case 'unreadable':
      return 'Het bestand kan niet worden gelezen; het is mogelijk beschadigd.'
  }
}
