export interface TextStart {
  text: string
  /** True when the body went on after `maxBytes`; the text then ends mid-file. */
  truncated: boolean
}

/**
 * Reads the body as UTF-8 up to `maxBytes` and then stops the download, so a preview of a
 * file of hundreds of megabytes costs no more than its first kilobytes.
 */
export async function readTextStart(response: Response, maxBytes: number): Promise<TextStart> {
  const decoder = new TextDecoder('utf-8')
  const reader = response.body?.getReader()
  if (!reader) {
    const bytes = new Uint8Array(await response.arrayBuffer())
    const truncated = bytes.length > maxBytes
    return { text: decoder.decode(bytes.subarray(0, maxBytes), { stream: truncated }), truncated }
  }
  let text = ''
  let read = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { text: text + decoder.decode(), truncated: false }
    const room = maxBytes - read
    if (value.length > room) {
      // A character split at the limit stays in the decoder: stream mode, no final flush.
      text += decoder.decode(value.subarray(0, room), { stream: true })
      await reader.cancel()
      return { text, truncated: true }
    }
    text += decoder.decode(value, { stream: true })
    read += value.length
  }
}
