import { API_PREFIX, apiPaths, type SearchResponse } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import type { Db, Row } from '../../db/client.ts'

/**
 * A search finds its documents in one statement and reads the page's rows in the next. A
 * document sent back to validation between the two (an employee's edit) must not show its
 * new, unvalidated text to a visitor.
 */

const ctx = useTestContext()

/** An app on the test's database that runs `between` right before it reads a page's rows. */
async function appWithChangeBeforePage(between: () => Promise<void>) {
  let pending: (() => Promise<void>) | null = between
  const db: Db = {
    ...ctx.db,
    query: async <T extends Row>(sql: string, params?: readonly unknown[]) => {
      if (pending && sql.includes('ts_headline')) {
        const change = pending
        pending = null
        await change()
      }
      return ctx.db.query<T>(sql, params)
    },
  }
  return buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      WEB_DIST_DIR: `${ctx.dataDir}/no-web-build`,
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // The SQL search, whose page is a list of ids read again in the second statement.
      SEARCH_IN_MEMORY: 'false',
      SEARCH_CACHE_ENTRIES: '0',
    }),
    db,
    store: ctx.store,
    verifyToken: null,
  })
}

describe('the page of a search', () => {
  it('leaves out a document sent back to validation after it was found', async () => {
    const id = await createDocument(ctx.db, { title: 'Zwemwaterkwaliteit buitenbaden' })
    await createDocument(ctx.db, { title: 'Zwemwaterkwaliteit strand' })
    const app = await appWithChangeBeforePage(async () => {
      await ctx.db.query(
        `update documents set title = 'Zwemwaterkwaliteit: ongevalideerde tekst',
                              status = 'openstaand'
          where id = $1`,
        [id],
      )
    })
    try {
      const response = await app.inject({
        url: `${API_PREFIX.public}${apiPaths.search}?query=zwemwaterkwaliteit`,
      })
      expect(response.statusCode).toBe(200)
      const titles = response.json<SearchResponse>().Results.map((result) => result.title)
      expect(titles).toEqual(['Zwemwaterkwaliteit strand'])
    } finally {
      await app.close()
    }
  })
})
