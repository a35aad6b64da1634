import { open } from 'node:fs/promises'

/** The first `maxBytes` of a file (all of it when shorter), and the file's whole size. */
export async function readStart(
  filePath: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; size: number }> {
  const handle = await open(filePath, 'r')
  try {
    const { size } = await handle.stat()
    const bytes = Buffer.alloc(Math.min(size, maxBytes))
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0)
    return { bytes: bytes.subarray(0, bytesRead), size }
  } finally {
    await handle.close()
  }
}
