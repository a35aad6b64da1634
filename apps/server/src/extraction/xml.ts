import { StringDecoder } from 'node:string_decoder'
import { SaxesParser } from 'saxes'
import { ReadFailure } from './limits.ts'

/** What a streaming read of one XML part reacts to; element names as written (`w:t`). */
export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>): void
  close?(name: string): void
  text?(text: string): void
  /** Checked after every chunk: true ends the read early (enough text collected). */
  done?(): boolean
}

/**
 * Feeds XML to a SAX parser a chunk at a time, so no tree of the document is ever built and
 * memory stays flat whatever the size. saxes expands no entities declared in a DTD, so an
 * entity bomb cannot blow up inside it.
 */
export async function readXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: false })
  if (handlers.open) {
    const open = handlers.open
    parser.on('opentag', (tag) => open(tag.name, tag.attributes))
  }
  if (handlers.close) {
    const close = handlers.close
    parser.on('closetag', (tag) => close(tag.name))
  }
  if (handlers.text) parser.on('text', handlers.text)
  if (handlers.text) parser.on('cdata', handlers.text)
  const decoder = new StringDecoder('utf8')
  try {
    for await (const chunk of chunks) {
      parser.write(decoder.write(chunk))
      if (handlers.done?.()) return
    }
    parser.write(decoder.end())
    parser.close()
  } catch (error) {
    if (error instanceof ReadFailure) throw error
    throw new ReadFailure('unreadable', `XML: ${error instanceof Error ? error.message : error}`)
  }
}

/** `prefix:local` -> `local`: office files use fixed prefixes, but nothing forces them. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1)
