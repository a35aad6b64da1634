import fs from 'node:fs'
import path from 'node:path'
import {
  API_PREFIX,
  apiPaths,
  DocumentDetail,
  SEARCH_LIMITS,
  SearchResponse,
} from '@dataportaal/contract'
import { z } from 'zod'
import { DEMO_DIR, DemoManifestEntry } from '../../apps/server/src/features/catalogue/demo.ts'

/** What the clients pick from: the published documents, their files, and what to upload. */
export interface Catalogue {
  documentIds: string[]
  /** Published documents that have files, with those files. */
  withFiles: DocumentDetail[]
  /** The demo documents with their real files, as an employee would upload them. */
  uploads: UploadMaterial[]
  /** Whether the server serves the web app's page for /documenten/{id} (a built web app). */
  servesWebApp: boolean
}

export interface UploadMaterial {
  title: string
  description: string
  contentTypeName: string
  sourceFriendlyName: string
  themes: string[]
  license: string
  files: { name: string; path: string }[]
}

const DEMO_DOCUMENTS = path.join(DEMO_DIR, 'documents')

function readUploadMaterial(): UploadMaterial[] {
  const manifest = z
    .array(DemoManifestEntry)
    .parse(JSON.parse(fs.readFileSync(path.join(DEMO_DOCUMENTS, 'manifest.json'), 'utf8')))
  return manifest.map((entry) => ({
    ...entry,
    files: entry.files.map((name) => ({ name, path: path.join(DEMO_DOCUMENTS, name) })),
  }))
}

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
  return schema.parse(await response.json())
}

/**
 * Pages through the public search without text (every published document) and reads the
 * details of those with files. Runs before the measurement and is not counted in it.
 */
export async function discoverCatalogue(baseUrl: string): Promise<Catalogue> {
  const pub = `${baseUrl}${API_PREFIX.public}`
  const documentIds: string[] = []
  const fileDocumentIds: string[] = []
  const pageSize = SEARCH_LIMITS.maxPageSize
  for (let offset = 1; offset <= SEARCH_LIMITS.maxOffset; offset++) {
    const page = await getJson(
      `${pub}${apiPaths.search}?sort=date&pageSize=${pageSize}&offset=${offset}`,
      SearchResponse,
    )
    for (const result of page.Results) {
      documentIds.push(result.contentUID)
      if (result.fileFormats.length > 0) fileDocumentIds.push(result.contentUID)
    }
    if (offset * pageSize >= page.Total || page.Results.length === 0) break
  }
  if (documentIds.length === 0) throw new Error('the catalogue is empty: is DEMO_CONTENT on?')
  const withFiles: DocumentDetail[] = []
  for (const id of fileDocumentIds) {
    withFiles.push(await getJson(`${pub}${apiPaths.document(id)}`, DocumentDetail))
  }
  const page = await fetch(`${baseUrl}/documenten/${documentIds[0]}`)
  await page.arrayBuffer()
  const servesWebApp =
    page.ok && (page.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')
  return { documentIds, withFiles, uploads: readUploadMaterial(), servesWebApp }
}
