import { Readable } from 'node:stream'
import { apiPaths } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, OTHER_EMPLOYEE } from '../../../test/app.ts'
import { createDocument, ensureEmployee } from '../../../test/factories.ts'
import type { StoredFile } from '../../storage/file-store.ts'
import { sweepStore } from '../../storage/sweep.ts'
import { filesInStore } from '../uploads/testing.ts'
import { purgeDeletedDocuments } from './purge.ts'

const ctx = useTestContext()

const RETENTION = { deletedRetentionDays: 30 }

const put = (text: string) => ctx.store.put(Readable.from([Buffer.from(text)]))

const storePath = (file: StoredFile) => `${file.sha256.slice(0, 2)}/${file.sha256}`

/** A document of EMPLOYEE with `files`, themed, labelled, favourited, rated and opened. */
async function documentWith(title: string, files: StoredFile[]): Promise<string> {
  const [first, ...more] = files
  const id = await createDocument(ctx.db, {
    title,
    owner: EMPLOYEE,
    themes: ['Water'],
    labels: ['Intern'],
    ratings: [{ by: OTHER_EMPLOYEE, rating: 4 }],
    ...(first ? { file: { fileName: 'eerste.csv', mediaType: 'text/csv', ...first } } : {}),
  })
  for (const [index, file] of more.entries()) {
    await ctx.db.query(
      `insert into document_files (document_id, position, file_name, media_type, size_bytes, sha256)
       values ($1, $2, $3, 'text/csv', $4, $5)`,
      [id, index + 1, `bestand-${index + 1}.csv`, file.size, file.sha256],
    )
  }
  await ensureEmployee(ctx.db, ADMIN)
  await ctx.db.query('insert into favorites (employee_id, document_id) values ($1, $2)', [
    ADMIN.oid,
    id,
  ])
  await ctx.db.query('insert into document_opens (document_id, employee_id) values ($1, $2)', [
    id,
    ADMIN.oid,
  ])
  await ctx.db.query(
    `insert into document_open_marks (document_id, client_hash, counted_at) values ($1, '\\x01', now())`,
    [id],
  )
  // A link to a file at a harvest source; a document of an employee would not have one, but
  // the purge must take every kind of row that refers to a document along.
  await ctx.db.query(
    `insert into document_links (document_id, position, title, url) values ($1, 0, 'Bij de bron', 'https://example.org/data.csv')`,
    [id],
  )
  // An earlier version of the first file and a recorded change (features/history).
  if (first) {
    await ctx.db.query(
      `insert into document_versions (document_id, version, file_name, media_type, size_bytes,
                                      sha256, created_at)
       values ($1, 1, 'eerste-v1.csv', 'text/csv', $2, $3, now())`,
      [id, first.size, first.sha256],
    )
  }
  await ctx.db.query(`insert into document_changes (document_id, fields) values ($1, '{title}')`, [
    id,
  ])
  // A visitor's e-mail subscription to the document (features/subscriptions).
  await ctx.db.query(
    `with subscriber as (
       insert into subscribers (email) values ('volger-' || $1 || '@voorbeeld.nl') returning id
     )
     insert into subscriptions (subscriber_id, frequency, document_id)
     select id, 'direct', $1::uuid from subscriber`,
    [id],
  )
  // A possible personal-data finding (features/privacy); the factory wrote its scan rows.
  await ctx.db.query(
    `insert into privacy_findings (document_id, kind, location, masked, context, count)
     values ($1, 'email', 'beschrijving', 'i***@voorbeeld.nl', 'mail i***@voorbeeld.nl', 1)`,
    [id],
  )
  return id
}

/** Deleted through the API by its owner, `days` ago. */
async function deletedDaysAgo(id: string, days: number) {
  expect((await ctx.call('DELETE', apiPaths.deleteUpload(id), EMPLOYEE)).status).toBe(204)
  await ctx.db.query(
    `update documents set deleted_at = now() - $2 * interval '1 day' where id = $1`,
    [id, days],
  )
}

/**
 * Every foreign key that points at documents, read from the catalogue, so none is forgotten.
 * Except the search entries: a document has one only while it is not deleted (the test
 * below shows that the deleted one has none), so a purge never meets one.
 */
const referencesToDocuments = () =>
  ctx.db.query<{ table_name: string; column_name: string }>(
    `select c.conrelid::regclass::text as table_name, a.attname::text as column_name
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'documents'::regclass
        and c.conrelid <> 'search_entries'::regclass
      order by 1, 2`,
  )

async function rowsPointingAt(id: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const { table_name, column_name } of await referencesToDocuments()) {
    const [row] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from ${table_name} where ${column_name} = $1`,
      [id],
    )
    counts[`${table_name}.${column_name}`] = row?.n ?? 0
  }
  return counts
}

describe('purging deleted documents after the retention period', () => {
  it('removes the row, what refers to it and its own files; keeps shared files, newer deletions and the audit trail', async () => {
    const shared = await put('wijk;peil\nNoord;-0,4\n')
    const ownFile = await put('alleen van het oude document')
    const keptFile = await put('van een recent verwijderd document')
    const expired = await documentWith('Grondwaterpeilen oud', [shared, ownFile])
    const live = await documentWith('Grondwaterpeilen nieuw', [shared])
    const recent = await documentWith('Recent verwijderd', [keptFile])
    await deletedDaysAgo(expired, 31)
    await deletedDaysAgo(recent, 29)

    const before = await rowsPointingAt(expired)
    const entries = await ctx.db.query(
      'select 1 from search_entries where document_id = any($1::uuid[])',
      [[expired, recent]],
    )
    expect(entries).toEqual([])
    // The test sets up a row in every table that refers to documents, so each cascade is seen.
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([])

    const result = await purgeDeletedDocuments(ctx.db, ctx.store, RETENTION)

    expect(result.documents.map((document) => document.id)).toEqual([expired])
    expect(result.removedFiles).toBe(1)
    const rows = await ctx.db.query<{ id: string }>(
      'select id::text from documents where id = any($1::uuid[])',
      [[expired, live, recent]],
    )
    expect(rows.map((row) => row.id).sort()).toEqual([live, recent].sort())
    const after = await rowsPointingAt(expired)
    expect(Object.values(after).every((n) => n === 0)).toBe(true)
    expect(Object.keys(after)).toEqual(Object.keys(before))

    expect(await ctx.store.exists(ownFile.sha256)).toBe(false)
    expect(await ctx.store.exists(shared.sha256)).toBe(true)
    expect(await ctx.store.exists(keptFile.sha256)).toBe(true)
    // Every file left in the store still has a row; no orphan for a sweep to find.
    const referenced = await ctx.db.query<{ sha256: string }>(
      'select distinct sha256 from document_files',
    )
    const inStore = await filesInStore(ctx)
    expect(inStore).not.toContain(storePath(ownFile))
    for (const file of inStore) {
      expect(referenced.map((row) => row.sha256)).toContain(file.split('/')[1])
    }
    expect(await sweepStore(ctx.db, ctx.store, { exclusive: true })).toEqual({
      removedFiles: 0,
      removedTemporary: 0,
    })

    const audit = await ctx.db.query<{
      action: string
      actor_id: string | null
      document_title: string
      details: Record<string, unknown>
    }>(
      `select action, actor_id, document_title, details from audit_log
        where document_id = $1 order by id`,
      [expired],
    )
    expect(audit.map((row) => row.action)).toEqual(['document_deleted', 'document_purged'])
    expect(audit[1]).toMatchObject({
      actor_id: null,
      document_title: 'Grondwaterpeilen oud',
      details: {
        status: 'goedgekeurd',
        ownerId: EMPLOYEE.oid,
        deletedBy: EMPLOYEE.oid,
        retentionDays: 30,
        files: [
          { fileName: 'eerste.csv', sha256: shared.sha256 },
          { fileName: 'bestand-1.csv', sha256: ownFile.sha256 },
          // Its earlier versions go with it.
          { fileName: 'eerste-v1.csv', sha256: shared.sha256 },
        ],
      },
    })

    // Gone for good: a restore finds nothing, and a second purge has nothing to do.
    expect((await ctx.call('POST', apiPaths.restore(expired), ADMIN)).status).toBe(404)
    expect(await purgeDeletedDocuments(ctx.db, ctx.store, RETENTION)).toEqual({
      documents: [],
      removedFiles: 0,
    })
  })

  it('keeps a file that a document deleted but not yet purged still refers to', async () => {
    const file = await put('gedeeld met een verwijderd document')
    const old = await documentWith('Oud gedeeld', [file])
    const newer = await documentWith('Nieuwer gedeeld', [file])
    await deletedDaysAgo(old, 40)
    await deletedDaysAgo(newer, 1)

    const result = await purgeDeletedDocuments(ctx.db, ctx.store, RETENTION)

    expect(result.documents.map((document) => document.id)).toEqual([old])
    expect(await ctx.store.exists(file.sha256)).toBe(true)
    // Its own purge, later, removes the file.
    await ctx.db.query(
      `update documents set deleted_at = now() - interval '31 days' where id = $1`,
      [newer],
    )
    expect((await purgeDeletedDocuments(ctx.db, ctx.store, RETENTION)).removedFiles).toBe(1)
    expect(await ctx.store.exists(file.sha256)).toBe(false)
  })

  it('follows the configured retention', async () => {
    const id = await documentWith('Korte bewaartermijn', [await put('zeven dagen')])
    await deletedDaysAgo(id, 8)
    expect((await purgeDeletedDocuments(ctx.db, ctx.store, RETENTION)).documents).toEqual([])
    const short = await purgeDeletedDocuments(ctx.db, ctx.store, { deletedRetentionDays: 7 })
    // Also the earlier tests' documents deleted more than 7 days ago, and only those.
    expect(short.documents.map((document) => document.id)).toContain(id)
    for (const document of short.documents) {
      expect(document.deletedAt.getTime()).toBeLessThan(Date.now() - 7 * 24 * 60 * 60 * 1000)
    }
  })
})
