import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import readline from 'node:readline'
import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { classifyThemes } from './classify.ts'
import { CatalogueRecord, type CatalogueItem } from './record.ts'
import { upsertCatalogueItems } from './service.ts'

export interface ImportSummary {
  lines: number
  inserted: number
  updated: number
  unchanged: number
  failed: Array<{ line: number; message: string }>
}

export interface ImportProgress {
  bytesRead: number
  totalBytes: number
  summary: ImportSummary
}

const BATCH_SIZE = 200
const CBS_PUBLISHER = /\(CBS\)|Centraal Bureau voor de Statistiek/i

function attribution(publisher: string | undefined): string {
  if (!publisher) return ''
  return CBS_PUBLISHER.test(publisher) ? 'Bron: CBS' : `Bron: ${publisher}`
}

export function recordToItem(record: CatalogueRecord): CatalogueItem {
  const source = attribution(record.publisher)
  const isCbs = source === 'Bron: CBS'
  const themes = record.themes.length
    ? record.themes
    : classifyThemes(record.title, `${record.description} ${record.keywords.join(' ')}`)
  return {
    key: record.id,
    title: record.title,
    description: [record.description, source].filter(Boolean).join('\n\n'),
    contentTypeName: 'Dataset',
    sourceFriendlyName: record.publisher ?? 'Onbekende bron',
    themes,
    license: isCbs ? 'CC-BY-4.0' : 'CC0-1.0',
    // Statistical tables are not among the information the Woo names.
    wooCategory: null,
    date: record.modified.slice(0, 10),
    sourceUrl: record.source_url ?? null,
    files: [],
    links: record.distributions.map((distribution) => ({
      title: distribution.title,
      url: distribution.url,
      format: distribution.format ?? null,
      mediaType: distribution.media_type ?? null,
    })),
  }
}

function parseLine(text: string): { item: CatalogueItem } | { error: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { error: 'geen geldige JSON' }
  }
  const parsed = CatalogueRecord.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { error: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'ongeldig'}` }
  }
  return { item: recordToItem(parsed.data) }
}

/**
 * Imports a JSON Lines catalogue. Each line stands alone: a malformed one is reported
 * with its line number and the others are still imported. Batches commit separately.
 */
export async function importCatalogueFile(
  db: Db,
  store: FileStore,
  filePath: string,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportSummary> {
  const totalBytes = (await fs.stat(filePath)).size
  const summary: ImportSummary = { lines: 0, inserted: 0, updated: 0, unchanged: 0, failed: [] }
  const input = createReadStream(filePath, { encoding: 'utf8' })
  let bytesRead = 0
  let batch: Array<{ line: number; item: CatalogueItem }> = []

  const writeAll = (entries: typeof batch) =>
    db.transaction((tx) =>
      upsertCatalogueItems(
        tx,
        store,
        entries.map(({ item }) => item),
      ),
    )

  const flush = async () => {
    try {
      for (const outcome of await writeAll(batch)) summary[outcome] += 1
    } catch {
      // One bad record must not cost the batch: write them one by one to find it.
      for (const entry of batch) {
        try {
          const [outcome] = await writeAll([entry])
          summary[outcome!] += 1
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          summary.failed.push({ line: entry.line, message })
        }
      }
    }
    batch = []
    onProgress({ bytesRead, totalBytes, summary })
  }

  for await (const text of readline.createInterface({ input, crlfDelay: Infinity })) {
    summary.lines += 1
    bytesRead += Buffer.byteLength(text) + 1
    if (text.trim() === '') continue
    const parsed = parseLine(text)
    if ('error' in parsed) summary.failed.push({ line: summary.lines, message: parsed.error })
    else batch.push({ line: summary.lines, item: parsed.item })
    if (batch.length >= BATCH_SIZE) await flush()
  }
  if (batch.length > 0) await flush()
  summary.failed.sort((a, b) => a.line - b.line)
  onProgress({ bytesRead: totalBytes, totalBytes, summary })
  return summary
}
