import { stat } from 'node:fs/promises'
import { DEFAULT_LIMITS, ExtractionError, failureMessage, type ExtractionLimits } from './limits.ts'
import { hasReader } from './read-text.ts'
import { readInThread } from './reader-thread.ts'

export type ExtractOptions = Partial<ExtractionLimits>

/**
 * Returns the plain text of a file of an accepted media type: whitespace collapsed, at most
 * `maxChars` characters, '' for types without text. The reading happens in a worker thread
 * with a capped heap and a time limit, so no file can block or crash the server.
 *
 * A file that cannot be read as its media type, is over a cap, exhausts the thread's memory
 * or takes too long raises ExtractionError with a Dutch message for admins; a missing path,
 * or a thread that cannot start, raises a plain error, as that is not the file's fault.
 */
export async function extractText(
  filePath: string,
  mediaType: string,
  options: ExtractOptions = {},
): Promise<string> {
  const limits: ExtractionLimits = { ...DEFAULT_LIMITS, ...options }
  if (!hasReader(mediaType)) {
    throw new ExtractionError(failureMessage('unsupported', limits), mediaType, 'unsupported')
  }
  await stat(filePath)
  const outcome = await readInThread(filePath, mediaType, limits)
  if (outcome.ok) return outcome.text
  throw new ExtractionError(failureMessage(outcome.reason, limits), mediaType, outcome.reason, {
    cause: outcome.detail,
  })
}

/** A file's text, or, when it has none to give, why not (Dutch, for admins). */
export interface FileText {
  text: string
  error: string | null
}

/**
 * extractText for those who store the outcome (the extraction job, the catalogue import): a
 * file that cannot be read is an outcome, not an error; only faults outside the file throw.
 */
export async function readFileText(
  filePath: string,
  mediaType: string,
  options: ExtractOptions = {},
): Promise<FileText> {
  try {
    return { text: await extractText(filePath, mediaType, options), error: null }
  } catch (error) {
    if (!(error instanceof ExtractionError)) throw error
    return { text: '', error: error.message }
  }
}
