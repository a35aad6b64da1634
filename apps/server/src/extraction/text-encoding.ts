/**
 * The encodings of text files (CSV, TSV) as people save them: UTF-8, with or without a byte
 * order mark, or Windows-1252, which Excel on a Dutch Windows machine writes (`€`, `ë`).
 * Shared by the upload check, the text extraction for search and the table loader.
 */
export type TextEncoding = 'utf-8' | 'windows-1252'

// Windows-1252 differs from Latin-1 in 0x80–0x9F only. Node 20's TextDecoder('windows-1252')
// decodes those as Latin-1 control characters, so the table is applied here.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

// Other control characters than tab, LF, FF and CR do not occur in text: a binary file.
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/

/**
 * The encoding of a text file judged on its first bytes, or null when they are not text (a
 * NUL or another control character). `partial`: the bytes are the start of a longer file, so
 * a character cut off at the end does not count against UTF-8.
 */
export function detectTextEncoding(bytes: Uint8Array, partial: boolean): TextEncoding | null {
  let encoding: TextEncoding = 'utf-8'
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial })
  } catch {
    encoding = 'windows-1252'
    text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  }
  return BINARY.test(text) ? null : encoding
}

/** A decoder that can be fed a file a chunk at a time (a character may span two chunks). */
export interface ChunkDecoder {
  write(chunk: Uint8Array): string
  end(): string
}

export function textDecoder(encoding: TextEncoding): ChunkDecoder {
  if (encoding === 'utf-8') {
    // Not fatal: past the sniffed start a stray byte becomes U+FFFD rather than a failure.
    const decoder = new TextDecoder('utf-8')
    return {
      write: (chunk) => decoder.decode(chunk, { stream: true }),
      end: () => decoder.decode(),
    }
  }
  return {
    // One byte is one character: nothing to carry between chunks.
    write: (chunk) =>
      Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        .toString('latin1')
        .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c),
    end: () => '',
  }
}

/** Decodes a whole buffer (or the start of a file, `partial`) in the encoding it has. */
export function decodeText(bytes: Uint8Array, partial: boolean): string | null {
  const encoding = detectTextEncoding(bytes, partial)
  if (encoding === null) return null
  const decoder = textDecoder(encoding)
  const text = decoder.write(bytes) + (partial ? '' : decoder.end())
  return text.startsWith('\ufeff') ? text.slice(1) : text
}
