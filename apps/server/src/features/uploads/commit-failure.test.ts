import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { ensureEmployee } from '../../../test/factories.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import type { Db } from '../../db/client.ts'
import { ConflictError } from '../../shared/errors.ts'
import type { ReceivedForm } from './form.ts'
import { saveUpload } from './service.ts'
import { count, EMPLOYEE_VIEWER, failingAtAudit, filesInStore } from './testing.ts'
import { VALID_FIELDS } from './testing-files.ts'

/**
 * A failure half-way leaves no orphan file and no row pointing at a missing file: the
 * transaction is made to fail after the files moved into the store.
 */

const ctx = useTestContext()

beforeAll(async () => {
  await ensureEmployee(ctx.db, EMPLOYEE)
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

async function received(contents: string[]): Promise<ReceivedForm> {
  const fields = Object.fromEntries(
    Object.entries(VALID_FIELDS).map(([name, value]) => [name, [value ?? []].flat()]),
  )
  const files = []
  for (const [n, content] of contents.entries()) {
    files.push({
      fileName: `deel-${n}.csv`,
      temp: await ctx.store.writeTemp(Readable.from([Buffer.from(content)])),
    })
  }
  return { fields, files }
}

describe('a transaction that fails after the files moved into the store', () => {
  it('takes the files away again and writes no rows', async () => {
    const form = await received(['wijk;kilo\nNoord;12\n', 'wijk;kilo\nZuid;14\n'])
    await expect(
      saveUpload({ db: failingAtAudit(ctx.db), store: ctx.store }, EMPLOYEE_VIEWER, form),
    ).rejects.toThrow('schijf vol')
    expect(await filesInStore(ctx)).toEqual([])
    expect(await count(ctx, 'documents')).toBe(0)
    expect(await count(ctx, 'document_files')).toBe(0)
    expect(await count(ctx, 'jobs')).toBe(0)
  })

  it('keeps a file with the same content that another document already has', async () => {
    const shared = 'wijk;kilo\nWest;9\n'
    const first = await saveUpload(ctx, EMPLOYEE_VIEWER, await received([shared]))
    expect(first.created).toBe(true)
    const before = await filesInStore(ctx)
    expect(before).toHaveLength(1)

    await expect(
      saveUpload(
        { db: failingAtAudit(ctx.db), store: ctx.store },
        EMPLOYEE_VIEWER,
        await received([shared, 'wijk;kilo\nOost;3\n']),
      ),
    ).rejects.toThrow('schijf vol')
    expect(await filesInStore(ctx)).toEqual(before)
    expect(await count(ctx, 'documents')).toBe(1)
  })

  it('leaves an edit that fails as it was, with all its files', async () => {
    const { contentUID } = await saveUpload(
      ctx,
      EMPLOYEE_VIEWER,
      await received(['wijk;kilo\nMidden;7\n']),
    )
    const files = await filesInStore(ctx)
    const form = await received(['wijk;kilo\nNieuw;1\n'])
    form.fields.contentUID = [contentUID]
    form.fields.title = ['Een titel die nooit wordt opgeslagen']
    await expect(
      saveUpload({ db: failingAtAudit(ctx.db), store: ctx.store }, EMPLOYEE_VIEWER, form),
    ).rejects.toThrow('schijf vol')
    expect(await filesInStore(ctx)).toEqual(files)
    const [row] = await ctx.db.query<{ title: string; n: number }>(
      `select title, (select count(*)::int from document_files where document_id = d.id) as n
         from documents d where id = $1`,
      [contentUID],
    )
    expect(row).toEqual({ title: VALID_FIELDS.title, n: 1 })
  })

  it('refuses an edit whose kept file went in the meantime (409), leaving the new file out', async () => {
    const { contentUID } = await saveUpload(
      ctx,
      EMPLOYEE_VIEWER,
      await received(['wijk;kilo\nHaven;4\n']),
    )
    const [kept] = await ctx.db.query<{ id: string }>(
      'select id::text from document_files where document_id = $1',
      [contentUID],
    )
    const files = await filesInStore(ctx)
    const form = await received(['wijk;kilo\nErbij;5\n'])
    form.fields.contentUID = [contentUID]
    form.fields.keepFileIds = [kept!.id]
    // A concurrent edit removes the file between the checks and the transaction.
    const racing: Db = {
      ...ctx.db,
      transaction: async (work) => {
        await ctx.db.query('delete from document_files where id = $1', [kept!.id])
        return ctx.db.transaction(work)
      },
    }
    // A ConflictError is what http/errors.ts answers with 409.
    const refusal = saveUpload({ db: racing, store: ctx.store }, EMPLOYEE_VIEWER, form)
    await expect(refusal).rejects.toBeInstanceOf(ConflictError)
    await expect(refusal).rejects.toThrow(
      'Het document is intussen gewijzigd. Laad het opnieuw en probeer het nog eens.',
    )
    expect(await filesInStore(ctx)).toEqual(files)
  })
})
