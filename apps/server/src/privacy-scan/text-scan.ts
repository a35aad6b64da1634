import type { Hit } from './detection.ts'
import { detect } from './detectors.ts'
import { FindingCollector } from './findings.ts'
import type { PersonalDataFinding, TextToScan } from './protocol.ts'

// Only runs and other whitespace than a space are replaced: a single space, by far the most
// common, costs nothing.
export const collapseWhitespace = (text: string) => text.replace(/\s{2,}|[^\S ]/g, ' ')

/** Texts that are not files: a document's title and description, each its own place. */
export function scanTexts(texts: readonly TextToScan[]): PersonalDataFinding[] {
  const collector = new FindingCollector()
  for (const { location, text } of texts) {
    const normalized = collapseWhitespace(text)
    collector.add(location, normalized, detect(normalized))
  }
  return collector.findings()
}

// A text is scanned a block at a time. The last OVERLAP characters of a block are scanned again
// with the next one, so a value across the seam is seen whole; it is longer than any value (an
// e-mail address's local part is cut at 64) and what the detectors look at around it.
const BLOCK = 256 * 1024
const OVERLAP = 512
const LOOKBEHIND = 128

/**
 * Scans a long text as a reader produces it, piece by piece, in blocks of fixed size, so the
 * whole text is never held: one place (`pagina 3`, `tekst`) at a time, changed with `place`.
 */
export class StreamingTextScanner {
  private buffer = ''
  /** Hits starting before this index of the buffer were counted with the previous block. */
  private acceptFrom = 0
  private current = ''

  constructor(private readonly collector: FindingCollector) {}

  add(text: string): void {
    this.buffer += text
    if (this.buffer.length >= BLOCK) this.flush(false)
  }

  /** What follows belongs to `place`; a value does not run across places. */
  place(place: string): void {
    this.flush(true)
    this.current = place
  }

  end(): void {
    this.flush(true)
  }

  private flush(final: boolean): void {
    const text = collapseWhitespace(this.buffer)
    const limit = final ? text.length : text.length - OVERLAP
    const detection = detect(text)
    const acceptFrom = this.acceptFrom
    // Misses are not placed: those in the overlap are counted twice, which only makes the
    // chance rule a little stricter for a page of ordinary numbers.
    this.collector.add(this.current, text, detection, {
      counts: (hit: Hit) => hit.start >= acceptFrom && hit.start < limit,
    })
    if (final) {
      this.buffer = ''
      this.acceptFrom = 0
    } else {
      const keepFrom = limit - LOOKBEHIND
      this.buffer = text.slice(keepFrom)
      this.acceptFrom = LOOKBEHIND
    }
  }
}
