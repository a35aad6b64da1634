import type { ExtractionLimits } from './limits.ts'
import { mainPart } from './office.ts'
import { TextCollector, type TextSink } from './text.ts'
import { localName, readXml } from './xml.ts'
import { ZipArchive } from './zip.ts'

// Only `t` holds visible text: deleted revisions (`delText`) and field codes (`instrText`)
// are elements of their own and so left out.
const BREAKS = new Set(['p', 'br', 'cr', 'tab'])

/**
 * The text of a Word document, read as a stream of the main part: the text of `w:t`, with
 * paragraphs, breaks and tabs as whitespace. Stops once the text cap is reached, so a huge
 * document costs no more than its first part.
 */
export async function extractDocx(filePath: string, limits: ExtractionLimits): Promise<string> {
  const text = new TextCollector(limits.maxChars)
  await readDocx(filePath, limits, text)
  return text.toString()
}

/** Reads a Word document's text into `text`, until the end or until the sink is full. */
export async function readDocx(
  filePath: string,
  limits: ExtractionLimits,
  text: TextSink,
): Promise<void> {
  const archive = await ZipArchive.open(filePath, limits.maxEntryBytes)
  const part = await mainPart(archive, 'word/document.xml')
  let inText = false
  await readXml(archive.stream(part), {
    open(name) {
      const local = localName(name)
      if (local === 't') inText = true
      else if (BREAKS.has(local)) text.add('\n')
    },
    close(name) {
      if (localName(name) === 't') inText = false
    },
    text(value) {
      if (inText) text.add(value)
    },
    done: () => text.full,
  })
}
