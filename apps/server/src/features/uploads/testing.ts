import fs from 'node:fs/promises'
import path from 'node:path'
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { EMPLOYEE, type TestContext, type TestIdentity } from '../../../test/app.ts'
import type { Employee } from '../../auth/viewer.ts'
import type { Db } from '../../db/client.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { LocalFileStore } from '../../storage/local-file-store.ts'

// Helpers for the upload tests that use the app and its database; testing-files.ts has those
// that need neither.

export async function postUpload(ctx: TestContext, who: TestIdentity, form: FormData) {
  return ctx.app.inject({
    method: 'POST',
    url: `${API_PREFIX.authenticated}${apiPaths.upload}`,
    headers: { authorization: `Bearer ${await ctx.tokenFor(who)}` },
    payload: form,
  })
}

export async function apiAs(
  ctx: TestContext,
  who: TestIdentity | null,
  method: 'GET' | 'DELETE',
  pathAfterPrefix: string,
) {
  return ctx.app.inject({
    method,
    url: `${who ? API_PREFIX.authenticated : API_PREFIX.public}${pathAfterPrefix}`,
    headers: who ? { authorization: `Bearer ${await ctx.tokenFor(who)}` } : {},
  })
}

/** What the worker would do now, run to the end. */
export const runJobs = (ctx: TestContext) => runPendingJobs(ctx.db, jobHandlers(ctx))

/**
 * Every file in the store (stored and temporary) as a path under a local store's directory:
 * `<first two hex digits>/<sha256>` and `tmp/<name>`. A local store is read as a directory,
 * so a file under any other name would show too; a blob store through its listing.
 */
export async function filesInStore(ctx: Pick<TestContext, 'store'>): Promise<string[]> {
  const { store } = ctx
  if (store instanceof LocalFileStore) {
    const entries = await fs
      .readdir(store.root, { recursive: true, withFileTypes: true })
      .catch(() => [])
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(store.root, path.join(entry.parentPath, entry.name)))
      .sort()
  }
  const files: string[] = []
  for await (const file of store.stored()) files.push(`${file.sha256.slice(0, 2)}/${file.sha256}`)
  for await (const temp of store.temporary()) files.push(`tmp/${path.basename(temp.path)}`)
  return files.sort()
}

export async function count(ctx: TestContext, table: string): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
  return row?.n ?? 0
}

/** EMPLOYEE as the services see them, for calling a service without HTTP. */
export const EMPLOYEE_VIEWER: Employee = {
  kind: 'employee',
  id: EMPLOYEE.oid,
  name: EMPLOYEE.name,
  email: EMPLOYEE.email,
  isAdmin: false,
}

/** The database, but the audit log write (late in an upload's transaction) fails. */
export const failingAtAudit = (db: Db): Db => ({
  ...db,
  transaction: (work) =>
    db.transaction((tx) =>
      work({
        ...tx,
        query: (sql, params) =>
          sql.includes('insert into audit_log')
            ? Promise.reject(new Error('schijf vol'))
            : tx.query(sql, params),
      }),
    ),
})
