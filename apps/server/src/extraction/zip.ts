import { createReadStream } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { ReadFailure } from './limits.ts'

/**
 * A minimal ZIP reader for the containers of office files (DOCX, XLSX, OpenDocument). It reads
 * the central directory first, so the declared size of every entry is known before a byte is
 * inflated, and it counts what inflating produces, because a hostile file can declare one size
 * and inflate to a thousand times more. Only what extraction needs: stored and deflated
 * entries, ZIP64 sizes, no encryption.
 */
export interface ZipEntry {
  name: string
  method: number
  encrypted: boolean
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

const EOCD_SIGNATURE = 0x06054b50
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50
const ZIP64_EOCD_SIGNATURE = 0x06064b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const EOCD_SIZE = 22
const MAX_COMMENT = 0xffff
// Office files have tens of entries; a directory this large is an attack on the reader.
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024
const MAX_ENTRIES = 50_000
const STORED = 0
const DEFLATED = 8
const U32_MAX = 0xffffffff
const U16_MAX = 0xffff
// The first bytes of an OLE compound file: how Office stores a password-protected document.
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

const damaged = (what: string) => new ReadFailure('unreadable', `ZIP: ${what}`)

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  if (bytesRead < length) throw damaged('unexpected end of file')
  return buffer
}

/** Location of the central directory, from the end records (ZIP64 when the sizes overflow). */
async function findDirectory(handle: FileHandle, fileSize: number) {
  const tailLength = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT)
  const tailStart = fileSize - tailLength
  const tail = await readAt(handle, tailStart, tailLength)
  let eocd = -1
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i
      break
    }
  }
  if (eocd < 0) {
    if (tail.length >= 8 && (await readAt(handle, 0, 8)).equals(OLE_MAGIC)) {
      throw new ReadFailure('encrypted', 'an OLE container: a password-protected Office file')
    }
    throw damaged('no end of central directory')
  }
  let count = tail.readUInt16LE(eocd + 10)
  let size = tail.readUInt32LE(eocd + 12)
  let offset = tail.readUInt32LE(eocd + 16)
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locator = eocd - 20
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) {
      throw damaged('ZIP64 locator missing')
    }
    const record = await readAt(handle, Number(tail.readBigUInt64LE(locator + 8)), 56)
    if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw damaged('ZIP64 record missing')
    count = Number(record.readBigUInt64LE(32))
    size = Number(record.readBigUInt64LE(40))
    offset = Number(record.readBigUInt64LE(48))
  }
  if (count > MAX_ENTRIES || size > MAX_DIRECTORY_BYTES) {
    throw new ReadFailure('too-large', `ZIP: ${count} entries in ${size} bytes of directory`)
  }
  if (offset + size > fileSize) throw damaged('central directory outside the file')
  return { count, size, offset }
}

/** Sizes and offset that did not fit 32 bits are in the ZIP64 extra field, in this order. */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at)
    const length = extra.readUInt16LE(at + 2)
    if (id === 0x0001) {
      let field = at + 4
      const next = () => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) throw damaged('ZIP64 field')
        const value = Number(extra.readBigUInt64LE(field))
        field += 8
        return value
      }
      if (entry.uncompressedSize === U32_MAX) entry.uncompressedSize = next()
      if (entry.compressedSize === U32_MAX) entry.compressedSize = next()
      if (entry.localHeaderOffset === U32_MAX) entry.localHeaderOffset = next()
      return
    }
    at += 4 + length
  }
}

function parseDirectory(directory: Buffer, count: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>()
  let at = 0
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw damaged('bad central directory entry')
    }
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    const end = at + 46 + nameLength + extraLength + commentLength
    if (end > directory.length) throw damaged('central directory entry past its end')
    const entry: ZipEntry = {
      // Office part names are ASCII; the UTF-8 flag matters only for other names.
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      encrypted: (directory.readUInt16LE(at + 8) & 1) === 1,
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    }
    applyZip64(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength))
    entries.set(entry.name, entry)
    at = end
  }
  return entries
}

export class ZipArchive {
  private constructor(
    private readonly path: string,
    private readonly fileSize: number,
    readonly entries: ReadonlyMap<string, ZipEntry>,
    private readonly maxEntryBytes: number,
  ) {}

  static async open(path: string, maxEntryBytes: number): Promise<ZipArchive> {
    const handle = await open(path, 'r')
    try {
      const { size: fileSize } = await handle.stat()
      const { count, size, offset } = await findDirectory(handle, fileSize)
      const directory = await readAt(handle, offset, size)
      return new ZipArchive(path, fileSize, parseDirectory(directory, count), maxEntryBytes)
    } finally {
      await handle.close()
    }
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  /**
   * The inflated bytes of an entry, a chunk at a time; stop early by leaving the loop. Fails
   * with 'too-large' past the cap, and as damaged when it inflates past its declared size.
   * `whole`: the caller needs all of it (it cannot stop early), so an entry that declares
   * more than the cap is refused before anything is inflated.
   */
  async *stream(name: string, options: { whole?: boolean } = {}): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name)
    if (!entry) throw damaged(`no entry ${name}`)
    if (options.whole && entry.uncompressedSize > this.maxEntryBytes) {
      throw new ReadFailure('too-large', `ZIP: ${name} declares ${entry.uncompressedSize} bytes`)
    }
    if (entry.encrypted) throw new ReadFailure('encrypted', `ZIP: ${name} is encrypted`)
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw damaged(`${name}: compression method ${entry.method}`)
    }
    const dataStart = await this.dataStart(entry)
    if (entry.compressedSize === 0) return
    if (dataStart + entry.compressedSize > this.fileSize) throw damaged(`${name} past end of file`)

    const source = createReadStream(this.path, {
      start: dataStart,
      end: dataStart + entry.compressedSize - 1,
    })
    const inflate = entry.method === DEFLATED ? createInflateRaw() : null
    const output = inflate ?? source
    // The pipeline settles when the consumer stops early too (destroying the streams).
    const piped = inflate ? pipeline(source, inflate).catch(() => undefined) : null
    let produced = 0
    try {
      for await (const chunk of output as AsyncIterable<Buffer>) {
        produced += chunk.length
        if (produced > this.maxEntryBytes) {
          throw new ReadFailure('too-large', `ZIP: ${name} inflates past the cap`)
        }
        if (produced > entry.uncompressedSize) {
          throw damaged(`${name} inflates past its declared ${entry.uncompressedSize} bytes`)
        }
        yield chunk
      }
    } catch (error) {
      if (error instanceof ReadFailure) throw error
      throw damaged(`${name}: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      source.destroy()
      inflate?.destroy()
      await piped
    }
  }

  private async dataStart(entry: ZipEntry): Promise<number> {
    const handle = await open(this.path, 'r')
    try {
      const header = await readAt(handle, entry.localHeaderOffset, 30)
      if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw damaged(`no local header ${entry.name}`)
      return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    } finally {
      await handle.close()
    }
  }
}
