import { API_PREFIX, apiPaths, type SearchResponse } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'

/**
 * The search log is secondary: when its row cannot be written (here the database refuses
 * every insert as a full disk would), the search is still answered and the failure logged.
 */
const logged: Array<{ level: number; msg: string; err?: { message: string } }> = []

const ctx = useTestContext({
  logger: {
    level: 'warn',
    stream: { write: (line: string) => void logged.push(JSON.parse(line) as never) },
  },
})

beforeAll(async () => {
  await createDocument(ctx.db, { title: 'Luchtkwaliteit per meetstation' })
  await ctx.db.query(`
    create function refuse_search_log() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
    end $$`)
  await ctx.db.query(`create trigger search_log_disk_full before insert on search_log
    for each row execute function refuse_search_log()`)
})

describe('a search whose log row cannot be written', () => {
  it('is answered, and the failure is logged as an error', async () => {
    const response = await ctx.app.inject({
      url: `${API_PREFIX.public}${apiPaths.search}?query=luchtkwaliteit`,
    })
    expect(response.statusCode).toBe(200)
    const answer = response.json<SearchResponse>()
    expect(answer.Results.map((result) => result.title)).toEqual(['Luchtkwaliteit per meetstation'])
    expect(await ctx.db.query('select 1 from search_log')).toEqual([])
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'search answered but not logged',
        err: expect.objectContaining({ message: expect.stringContaining('No space left') }),
      }),
    )
  })
})
