import { createTestContext, type TestContext } from '../../../test/app.ts'
import { freeLoopbackPort } from '../../../test/listening.ts'
import type { Queryable } from '../../db/client.ts'

/**
 * For tests: a harvest source and documents it brought in, written straight to the tables
 * as a run leaves them (docs/harvesting.md), so other features can be tested against them
 * without running a harvest.
 */

export interface SourceSpec {
  name: string
  url?: string
  publish?: boolean
  trusted?: boolean
}

/** A DCAT source with these settings; answers its id. */
export async function insertHarvestSource(db: Queryable, spec: SourceSpec): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into harvest_sources (name, url, kind, source_name, publish, trusted)
     values ($1, $2, 'dcat', $1, $3, $4) returning id::text`,
    [
      spec.name,
      spec.url ?? `https://${encodeURIComponent(spec.name.toLowerCase())}.example.org/catalog`,
      spec.publish ?? false,
      spec.trusted ?? false,
    ],
  )
  if (!row) throw new Error('harvest_sources insert returned no row')
  return row.id
}

export interface LinkSpec {
  title: string
  url: string
  format?: string | null
  mediaType?: string | null
  size?: number | null
}

/** Marks an existing document as harvested from the source, with these links in order. */
export async function markHarvested(
  db: Queryable,
  documentId: string,
  sourceId: string,
  links: LinkSpec[] = [],
  harvestedAt = new Date('2026-03-02T10:00:00Z'),
): Promise<void> {
  await db.query(
    `update documents set harvest_source_id = $2, harvest_identifier = $1::text,
                          harvest_fingerprint = 'test', harvested_at = $3
      where id = $1::uuid`,
    [documentId, sourceId, harvestedAt],
  )
  for (const [position, link] of links.entries()) {
    await db.query(
      `insert into document_links (document_id, position, title, url, format, media_type, size_bytes)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        documentId,
        position,
        link.title,
        link.url,
        link.format ?? null,
        link.mediaType ?? null,
        link.size ?? null,
      ],
    )
  }
}

/**
 * A portal whose PUBLIC_URL is the loopback address it will listen on, so that its DCAT
 * catalogue's links lead back to it; `listen()` once its documents are in place.
 */
export async function portalOnLoopback(): Promise<{
  ctx: TestContext
  publicUrl: string
  listen: () => Promise<void>
}> {
  const port = await freeLoopbackPort()
  const publicUrl = `http://127.0.0.1:${port}`
  const ctx = await createTestContext({ env: { PUBLIC_URL: publicUrl } })
  return {
    ctx,
    publicUrl,
    listen: async () => {
      await ctx.app.listen({ host: '127.0.0.1', port })
    },
  }
}
