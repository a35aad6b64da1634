import { vi } from 'vitest'

/**
 * The browser's XMLHttpRequest is outside the app: a stand-in that records what the upload sends
 * and lets a test report progress and answer, one step at a time.
 */
export class FakeXhr {
  static sent: FakeXhr[] = []
  static get last(): FakeXhr {
    const last = FakeXhr.sent.at(-1)
    if (!last) throw new Error('No upload was sent')
    return last
  }

  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  aborted = false
  private responseHeaders: Record<string, string> = {}

  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }

  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }

  abort() {
    this.aborted = true
    this.onabort?.()
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    )
  }

  respond(status: number, body: unknown, contentType = 'application/json') {
    this.status = status
    this.responseText = body === null ? '' : JSON.stringify(body)
    this.responseHeaders = { 'content-type': contentType }
    this.onload?.()
  }

  failNetwork() {
    this.onerror?.()
  }
}

export function stubXhr() {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
}
