import { openAsBlob } from 'node:fs'
import {
  API_PREFIX,
  apiPaths,
  CompleteResponse,
  DocumentDetail,
  MEDIA_TYPES,
  SearchResponse,
  UPLOAD_FIELDS,
  UploadResult,
  type DocumentFile,
} from '@dataportaal/contract'
import type { z } from 'zod'
import { seededRandom } from '../../apps/server/demo/tools/lib/random.ts'
import type { SearchCase } from '../search/queries.ts'
import type { Catalogue } from './catalogue.ts'
import type { Recorder, RequestKind } from './recorder.ts'
import { signIn, type SignedIn } from '../../apps/server/test/http-sign-in.ts'

/**
 * The load: visitors and signed-in employees who search, ask for suggestions, open document
 * pages (with the API calls and previews the page makes) and download files, and one employee
 * who uploads the demo documents' real files at a steady rate. Clients wait for each answer
 * (a closed loop) and then think for a while, as people do.
 */
export interface LoadContext {
  baseUrl: string
  catalogue: Catalogue
  searches: readonly SearchCase[]
  prefixes: readonly string[]
  recorder: Recorder
  session: EmployeeSession
  /** Mean pause between one client's actions. */
  thinkMs: number
  /** Time limit of one request, including its body. */
  timeoutMs: number
  seed: number
}

/** The employee's id token, renewed by signing in again before it expires. */
export class EmployeeSession {
  private current: Promise<SignedIn> | null = null

  constructor(private readonly baseUrl: string) {}

  async authorization(): Promise<string> {
    const held = this.current ? await this.current : null
    if (!held || held.expiresAt - Date.now() < 60_000) {
      this.current = signIn(this.baseUrl, 'medewerker')
      this.current.catch(() => (this.current = null))
    }
    return `Bearer ${(await this.current!).idToken}`
  }
}

class BodyError extends Error {}

const PREVIEWED: readonly string[] = [MEDIA_TYPES.csv, MEDIA_TYPES.geojson, MEDIA_TYPES.pdf]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const networkReason = (error: unknown): string => {
  if (error instanceof Error && error.name === 'TimeoutError') return 'network: timeout'
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined
  return `network: ${cause?.code ?? (error instanceof Error ? error.message : String(error))}`
}

function parseWith<T>(schema: z.ZodType<T>) {
  return async (response: Response): Promise<T> => {
    const parsed = schema.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success) throw new BodyError('not the contract’s shape')
    return parsed.data
  }
}

const drain = async (response: Response) => {
  await response.arrayBuffer()
}

/** One client: a visitor, or an employee (then every API call goes to /api with the token). */
class Client {
  readonly random: () => number
  private readonly prefix: string

  constructor(
    private readonly ctx: LoadContext,
    index: number,
    private readonly employee: boolean,
  ) {
    this.random = seededRandom(ctx.seed * 1000 + index)
    this.prefix = employee ? API_PREFIX.authenticated : API_PREFIX.public
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!
  }

  /** A pause around `thinkMs`: uniform between none and twice the mean. */
  think() {
    return sleep(this.random() * 2 * this.ctx.thinkMs)
  }

  /**
   * Sends one request and reads its whole body; counts it under `kind`, with an error for a
   * network failure, any status but 2xx, or a body `read` refuses. Null when it failed.
   */
  async send<T>(
    kind: RequestKind,
    url: string,
    read: (response: Response) => Promise<T>,
    init: RequestInit = {},
  ): Promise<T | null> {
    const headers = new Headers(init.headers)
    headers.set('accept', headers.get('accept') ?? 'application/json')
    if (this.employee && url.startsWith(API_PREFIX.authenticated)) {
      try {
        headers.set('authorization', await this.ctx.session.authorization())
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        this.ctx.recorder.record(kind, 0, { reason: 'sign-in failed', detail })
        return null
      }
    }
    const target = `${this.ctx.baseUrl}${url}`
    const started = performance.now()
    const elapsed = () => performance.now() - started
    let response: Response
    try {
      response = await fetch(target, {
        ...init,
        headers,
        signal: AbortSignal.timeout(this.ctx.timeoutMs),
      })
    } catch (error) {
      const reason = networkReason(error)
      this.ctx.recorder.record(kind, elapsed(), { reason, detail: `${reason} ${url}` })
      return null
    }
    try {
      if (!response.ok) {
        const body = await response.text().catch(() => '')
        const reason = `HTTP ${response.status}`
        const detail = `${reason} ${init.method ?? 'GET'} ${url} ${body.slice(0, 300)}`
        this.ctx.recorder.record(kind, elapsed(), { reason, detail })
        return null
      }
      const value = await read(response)
      this.ctx.recorder.record(kind, elapsed())
      return value
    } catch (error) {
      const reason = error instanceof BodyError ? `body: ${error.message}` : networkReason(error)
      this.ctx.recorder.record(kind, elapsed(), { reason, detail: `${reason} ${url}` })
      return null
    }
  }

  async search() {
    const search = this.pick(this.ctx.searches)
    const url = search.path.replace(API_PREFIX.public, this.prefix)
    await this.send('search', url, parseWith(SearchResponse))
  }

  async suggest() {
    const prefix = this.pick(this.ctx.prefixes)
    await this.send(
      'suggest',
      `${this.prefix}${apiPaths.complete(prefix)}`,
      parseWith(CompleteResponse),
    )
  }

  /** What the browser loads for /documenten/{id}: the page, the document, the opening, previews. */
  async documentPage(id: string) {
    if (this.ctx.catalogue.servesWebApp) {
      await this.send('page', `/documenten/${id}`, drain, { headers: { accept: 'text/html' } })
    }
    const detail = await this.send(
      'document',
      `${this.prefix}${apiPaths.document(id)}`,
      parseWith(DocumentDetail),
    )
    if (!detail) return
    const previews = detail.files.filter((file) =>
      PREVIEWED.includes(file.mediaType.split(';')[0]!.trim().toLowerCase()),
    )
    await Promise.all([
      this.send('open', `${this.prefix}${apiPaths.documentOpen(id)}`, drain, { method: 'POST' }),
      ...previews.map((file) => this.send('preview', `${this.prefix}${file.url}`, drain)),
    ])
  }

  async openDocument() {
    const { documentIds, withFiles } = this.ctx.catalogue
    // Half the visits go to the documents with files, which are few but are what people open.
    const id =
      this.random() < 0.5 && withFiles.length > 0
        ? this.pick(withFiles).contentUID
        : this.pick(documentIds)
    await this.documentPage(id)
  }

  async download() {
    const files = this.ctx.catalogue.withFiles.flatMap((document) => document.files)
    if (files.length === 0) return
    const file: DocumentFile = this.pick(files)
    await this.send('download', `${this.prefix}${file.url}`, async (response) => {
      const size = (await response.arrayBuffer()).byteLength
      if (size !== file.size) throw new BodyError(`${size} bytes instead of ${file.size}`)
    })
  }

  async run(until: number) {
    while (Date.now() < until) {
      const roll = this.random()
      if (roll < 0.4) await this.search()
      else if (roll < 0.55) await this.suggest()
      else if (roll < 0.85) await this.openDocument()
      else await this.download()
      await this.think()
    }
  }

  /** Uploads as a browser sends the form: the fields, then every file as a part `files`. */
  async upload(n: number): Promise<string | null> {
    const material = this.ctx.catalogue.uploads[n % this.ctx.catalogue.uploads.length]!
    const form = new FormData()
    form.append(UPLOAD_FIELDS.title, `${material.title} (soak ${n + 1})`)
    form.append(UPLOAD_FIELDS.description, material.description)
    form.append(UPLOAD_FIELDS.contentTypeName, material.contentTypeName)
    form.append(UPLOAD_FIELDS.sourceFriendlyName, material.sourceFriendlyName)
    for (const theme of material.themes) form.append(UPLOAD_FIELDS.themes, theme)
    form.append(UPLOAD_FIELDS.license, material.license)
    for (const file of material.files) {
      form.append(UPLOAD_FIELDS.files, await openAsBlob(file.path), file.name)
    }
    const result = await this.send(
      'upload',
      `${API_PREFIX.authenticated}${apiPaths.upload}`,
      parseWith(UploadResult),
      { method: 'POST', body: form },
    )
    if (!result) return null
    // After an upload the web app shows the new document.
    await this.documentPage(result.contentUID)
    return result.contentUID
  }
}

/** The uploads of one employee, `perMinute` on average, spread evenly; their document ids. */
async function runUploader(ctx: LoadContext, perMinute: number, until: number, ids: string[]) {
  const uploader = new Client(ctx, 999, true)
  const interval = 60_000 / perMinute
  let next = Date.now() + uploader.random() * interval
  for (let n = 0; ; n++) {
    await sleep(Math.max(0, next - Date.now()))
    if (Date.now() >= until) return
    const id = await uploader.upload(n)
    if (id) ids.push(id)
    next += interval * (0.5 + uploader.random())
  }
}

/**
 * Runs `clients` clients (every fourth one an employee) and the uploader until `until`; gives
 * the ids of the uploaded documents.
 */
export async function runLoad(
  ctx: LoadContext,
  options: { clients: number; uploadsPerMinute: number; until: number },
): Promise<string[]> {
  const uploaded: string[] = []
  const clients = Array.from({ length: options.clients }, (_, i) => new Client(ctx, i, i % 4 === 3))
  await Promise.all([
    ...clients.map((client) => client.run(options.until)),
    options.uploadsPerMinute > 0
      ? runUploader(ctx, options.uploadsPerMinute, options.until, uploaded)
      : Promise.resolve(),
  ])
  return uploaded
}

/** A few requests of every kind before the measurement: connections, JIT, caches. */
export async function warmUp(ctx: LoadContext, seconds: number) {
  const until = Date.now() + seconds * 1000
  const clients = [new Client(ctx, 900, false), new Client(ctx, 901, true)]
  await Promise.all(clients.map((client) => client.run(until)))
}
