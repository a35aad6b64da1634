import {
  apiPaths,
  QUALITY_MAX,
  type Dashboard,
  type DocumentDetail,
  type Problem,
  type UploadOptions,
  type ValidationList,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { apiAs, postUpload } from '../uploads/testing.ts'
import { demoFile, uploadForm, VALID_FIELDS, type FormFields } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'

const CITY = 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363'

const ctx = useTestContext({ env: { PUBLISHER_URI: CITY } })

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

const detail = async (who: TestIdentity | null, id: string) =>
  (await apiAs(ctx, who, 'GET', apiPaths.document(id))).json<DocumentDetail>()

async function upload(fields: FormFields, file = 'afvalinzameling-2024.csv') {
  const response = await postUpload(ctx, EMPLOYEE, uploadForm(fields, [await demoFile(file)]))
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ contentUID: string }>().contentUID
}

describe('the metadata-quality score of a document', () => {
  it('rises as its fields are filled: a theme, then a period', async () => {
    const bare = await upload({ ...VALID_FIELDS, themes: [] })
    const themed = await upload(VALID_FIELDS)
    const full = await upload({
      ...VALID_FIELDS,
      temporalStart: '2024-01-01',
      temporalEnd: '2024-12-31',
    })
    const scores = await Promise.all([bare, themed, full].map(async (id) => detail(EMPLOYEE, id)))
    expect(scores.map((d) => d.quality?.score)).toEqual([355, 385, QUALITY_MAX])
    expect(scores[0]!.quality!.missing.map((gap) => gap.metric)).toEqual(['keywords', 'temporal'])
    expect(scores[2]!.quality!.rating).toBe('excellent')
    expect(scores[2]!.coverage).toEqual({
      temporalStart: '2024-01-01',
      temporalEnd: '2024-12-31',
      spatial: null,
      bbox: null,
    })
  })

  it('is shown to the owner and admins only', async () => {
    const id = await upload(VALID_FIELDS)
    expect((await detail(EMPLOYEE, id)).quality).toBeDefined()
    expect((await detail(ADMIN, id)).quality).toBeDefined()
    // Another employee sees no open document at all; once published, the public sees no score.
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [id],
    )
    expect((await detail(OTHER_EMPLOYEE, id)).quality).toBeUndefined()
    expect((await detail(null, id)).quality).toBeUndefined()
  })

  it('is in the validation list', async () => {
    const id = await upload(VALID_FIELDS, 'uitvoeringsprogramma-klimaatadaptatie.pdf')
    const list = (await apiAs(ctx, ADMIN, 'GET', apiPaths.validationList)).json<ValidationList>()
    const item = list.Results.find((d) => d.contentUID === id)
    // A PDF is neither machine-readable nor open (40), and there is no period (20).
    expect(item?.quality?.score).toBe(QUALITY_MAX - 60)
  })

  it("stores the area a document names, and offers the city's as the default", async () => {
    const province = 'https://identifier.overheid.nl/tooi/id/provincie/pv27'
    const id = await upload({ ...VALID_FIELDS, spatial: province })
    expect((await detail(EMPLOYEE, id)).coverage?.spatial).toBe(province)
    const options = (
      await apiAs(ctx, EMPLOYEE, 'GET', apiPaths.uploadOptions)
    ).json<UploadOptions>()
    expect(options.defaultSpatial).toBe(CITY)
  })

  it('refuses a period that ends before it starts, with the field named', async () => {
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, temporalStart: '2024-12-31', temporalEnd: '2024-01-01' }, [
        await demoFile('afvalinzameling-2024.csv'),
      ]),
    )
    expect(response.statusCode).toBe(422)
    const problem = response.json<Problem>()
    expect(JSON.stringify(problem)).toContain('temporalEnd')
  })

  it('is summed up per catalogue on the dashboard: average, bands and common gaps', async () => {
    await ctx.db.query(`update documents set status = 'goedgekeurd', published_at = now()`)
    const [{ n }] = (await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from documents where deleted_at is null`,
    )) as [{ n: number }]
    const dashboard = (await apiAs(ctx, ADMIN, 'GET', apiPaths.dashboard)).json<Dashboard>()
    const [own] = dashboard.quality!
    expect(own).toMatchObject({ catalogue: 'Eigen documenten', own: true, documents: n })
    expect(Object.values(own!.bands).reduce((sum, count) => sum + count, 0)).toBe(n)
    // Most uploads here name no period: the most common gap.
    expect(own!.gaps[0]).toMatchObject({ metric: 'temporal' })
    expect(own!.average).toBeGreaterThan(351)
    expect((await apiAs(ctx, EMPLOYEE, 'GET', apiPaths.dashboard)).statusCode).toBe(403)
  })
})
