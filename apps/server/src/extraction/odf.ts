import type { ExtractionLimits } from './limits.ts'
import { TextCollector, type TextSink } from './text.ts'
import { localName, readXml } from './xml.ts'
import { ZipArchive } from './zip.ts'

// Paragraphs, headings, table cells and breaks end a run of words.
const BREAKS = new Set(['p', 'h', 'line-break', 'tab', 's', 'table-cell', 'list-item'])
// Annotations and change-tracking records are not part of the visible text.
const HIDDEN = new Set(['annotation', 'tracked-changes'])

/**
 * The text of an OpenDocument text or spreadsheet (ODT, ODS): the words of content.xml, read
 * as a stream and stopped at the text cap.
 */
export async function extractOpenDocument(
  filePath: string,
  limits: ExtractionLimits,
): Promise<string> {
  const text = new TextCollector(limits.maxChars)
  await readOpenDocument(filePath, limits, text)
  return text.toString()
}

/** Reads an OpenDocument's text into `text`, until the end or until the sink is full. */
export async function readOpenDocument(
  filePath: string,
  limits: ExtractionLimits,
  text: TextSink,
): Promise<void> {
  const archive = await ZipArchive.open(filePath, limits.maxEntryBytes)
  let hidden = 0
  await readXml(archive.stream('content.xml'), {
    open(name) {
      const local = localName(name)
      if (HIDDEN.has(local)) hidden++
      else if (BREAKS.has(local)) text.add(' ')
    },
    close(name) {
      if (HIDDEN.has(localName(name))) hidden--
    },
    text(value) {
      if (hidden === 0) text.add(value)
    },
    done: () => text.full,
  })
}
