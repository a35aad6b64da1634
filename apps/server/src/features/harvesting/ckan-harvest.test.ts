import { API_PREFIX, apiPaths, type ValidationList } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, createTestContext, searchAs, type TestContext } from '../../../test/app.ts'
import { addSynonyms } from '../../../test/factories.ts'
import { ckanPackage, startCkanFixture, type CkanFixture } from '../../../test/ckan-fixture.ts'
import { collectSource } from './collect/index.ts'
import { executeRun, queueRun, type RunOutcome } from './run.ts'
import { UNEXPECTED } from './collect/protocol.ts'
import { HarvestCollectError } from './record.ts'
import { insertHarvestSource } from './testing.ts'
import { runPrivacyScans } from '../privacy/testing.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { NOTIFY_SUBSCRIBERS_JOB, notifySubscribersJob } from '../subscriptions/index.ts'

let ctx: TestContext
let ckan: CkanFixture
let trusted: string
let untrusted: string

const PACKAGES = () => [
  ckanPackage('bomen', 'Bomen in de stad', {
    tags: [{ name: 'natuur', display_name: 'Natuur' }],
    groups: [{ name: 'sport', title: 'Sport en spel' }],
  }),
  ckanPackage('parkeren', 'Parkeerplaatsen', { tags: [{ name: 'mobiliteit' }] }),
  ckanPackage('zonder-titel', null),
  ckanPackage('afval', 'Afvalbakken in de wijk', { license_id: 'odc-odbl' }),
  ckanPackage('gesloten', 'Geheime lijst', { license_id: 'other-closed' }),
]

/**
 * Queues and runs a run of the source, two packages a page, then the personal-data scans of
 * the records it wrote (which an approval waits for).
 */
async function harvest(sourceId: string): Promise<RunOutcome> {
  const runId = await ctx.db.transaction((tx) =>
    queueRun(tx, { sourceId, trigger: 'manual', requestedBy: null, dryRun: false }),
  )
  if (!runId) throw new Error('a run is active')
  const outcome = await executeRun({ db: ctx.db }, runId, {
    collect: (source, options) =>
      collectSource(source, { ...options, limits: { ckanPageSize: 2 } }),
  })
  if (!outcome) throw new Error('run not executed')
  await runPrivacyScans(ctx)
  return outcome
}

const titlesFound = async (query: string) =>
  (await searchAs(ctx, { query })).Results.map((result) => result.title)

const documentOf = async (identifier: string, sourceId: string) => {
  const [row] = await ctx.db.query<{ id: string; status: string; title: string }>(
    `select id::text, status, title from documents
      where harvest_source_id = $1 and harvest_identifier = $2`,
    [sourceId, identifier],
  )
  if (!row) throw new Error(`no document ${identifier}`)
  return row
}

const visitorStatus = async (id: string) =>
  (await ctx.call('GET', apiPaths.document(id), null, { prefix: API_PREFIX.public })).status

beforeAll(async () => {
  ctx = await createTestContext()
  await addSynonyms(ctx.db, 'Verkeer', ['Mobiliteit'])
  await addSynonyms(ctx.db, 'Natuur', [])
  ckan = await startCkanFixture(PACKAGES())
  trusted = await insertHarvestSource(ctx.db, { name: 'Open data Voorbeeld', trusted: true })
  untrusted = await insertHarvestSource(ctx.db, { name: 'Buurgemeente' })
  await ctx.db.query(`update harvest_sources set kind = 'ckan', url = $2 where id = $1`, [
    trusted,
    `${ckan.url}/vertrouwd/api/3`,
  ])
  await ctx.db.query(`update harvest_sources set kind = 'ckan', url = $2 where id = $1`, [
    untrusted,
    `${ckan.url}/buren`,
  ])
})

afterAll(async () => {
  await ckan?.close()
  await ctx?.close()
})

describe('harvesting a CKAN source', () => {
  it('takes in its packages page by page and refuses what it cannot, with the reasons', async () => {
    const outcome = await harvest(trusted)
    expect(ckan.starts).toEqual([0, 2, 4])
    expect(outcome.status).toBe('succeeded')
    expect(outcome.counts).toEqual({
      created: 3,
      updated: 0,
      withdrawn: 0,
      unchanged: 0,
      refused: 2,
    })
    expect(outcome.refusals).toEqual([
      { identifier: 'zonder-titel', title: null, reason: 'Geen titel' },
      {
        identifier: 'gesloten',
        title: 'Geheime lijst',
        reason: 'Onbekende licentie: other-closed',
      },
    ])
    expect(outcome.unmappedThemes).toEqual([{ name: 'Sport en spel', count: 1 }])
    const [run] = await ctx.db.query<Record<string, unknown>>(
      `select status, pages_read, records_read, records_expected, created, refused, refusals
         from harvest_runs where source_id = $1`,
      [trusted],
    )
    expect(run).toMatchObject({
      status: 'succeeded',
      pages_read: 3,
      records_read: 5,
      records_expected: 5,
      created: 3,
      refused: 2,
      refusals: outcome.refusals,
    })
  })

  it('publishes the documents of a trusted source at once, with themes, licence and links', async () => {
    expect(await titlesFound('bomen')).toEqual(['Bomen in de stad'])
    const bomen = await documentOf('bomen', trusted)
    expect(bomen.status).toBe('goedgekeurd')
    const [document] = await ctx.db.query<Record<string, unknown>>(
      `select license, source_url, to_char(document_date, 'YYYY-MM-DD') as date, theme_names,
              (select name from sources where id = d.source_id) as source,
              (select name from content_types where id = d.content_type_id) as content_type
         from documents d where id = $1`,
      [bomen.id],
    )
    expect(document).toEqual({
      license: 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0',
      source_url: `${ckan.url}/vertrouwd/dataset/bomen`,
      date: '2025-02-03',
      theme_names: ['Natuur'],
      source: 'Open data Voorbeeld',
      content_type: 'Dataset',
    })
    const links = await ctx.db.query(
      'select title, url, format, media_type, size_bytes from document_links where document_id = $1',
      [bomen.id],
    )
    expect(links).toEqual([
      {
        title: 'Bomen in de stad (CSV)',
        url: 'https://data.example.org/bomen.csv',
        format: 'CSV',
        media_type: 'text/csv',
        size_bytes: expect.anything() as unknown,
      },
    ])
    // The result list names the format of the file at the source, as it does for a file here.
    const [result] = (await searchAs(ctx, { query: 'bomen' })).Results
    expect(result?.fileFormats).toEqual(['CSV'])
    expect((await documentOf('parkeren', trusted)).status).toBe('goedgekeurd')
    expect(await titlesFound('parkeerplaatsen')).toEqual(['Parkeerplaatsen'])
  })

  it('lets the documents of an untrusted source wait for validation', async () => {
    const outcome = await harvest(untrusted)
    expect(outcome.counts.created).toBe(3)
    expect((await documentOf('bomen', untrusted)).status).toBe('openstaand')
    // Only the trusted source's copy is public.
    expect(await titlesFound('bomen')).toEqual(['Bomen in de stad'])
  })

  it('updates exactly the record that changed', async () => {
    const before = await documentOf('bomen', trusted)
    ckan.packages[1] = { ...ckan.packages[1], title: 'Parkeerplaatsen 2025' }
    const outcome = await harvest(trusted)
    expect(outcome.counts).toMatchObject({ created: 0, updated: 1, unchanged: 2, withdrawn: 0 })
    expect(await titlesFound('parkeerplaatsen')).toEqual(['Parkeerplaatsen 2025'])
    expect(await documentOf('bomen', trusted)).toEqual(before)
  })

  it('withdraws a record the source no longer lists, and restores it when it lists it again', async () => {
    const afval = await documentOf('afval', trusted)
    expect(await visitorStatus(afval.id)).toBe(200)
    const listed = ckan.packages
    ckan.packages = listed.filter((pkg) => pkg.id !== 'afval')
    const withdrawn = await harvest(trusted)
    expect(withdrawn.counts).toMatchObject({ withdrawn: 1, unchanged: 2 })
    expect(await titlesFound('afvalbakken')).toEqual([])
    expect(await visitorStatus(afval.id)).toBe(404)

    ckan.packages = listed
    const restored = await harvest(trusted)
    expect(restored.counts).toMatchObject({ created: 0, updated: 1, withdrawn: 0, unchanged: 2 })
    expect(await titlesFound('afvalbakken')).toEqual(['Afvalbakken in de wijk'])
    expect(await visitorStatus(afval.id)).toBe(200)
  })

  it("tells who follows a record by e-mail that the source withdrew it, as an owner's delete does", async () => {
    const notify = () =>
      runPendingJobs(ctx.db, { [NOTIFY_SUBSCRIBERS_JOB]: notifySubscribersJob({ db: ctx.db }) })
    // The events of earlier tests' runs, when no one followed anything yet.
    await notify()
    const afval = await documentOf('afval', trusted)
    const bomen = await documentOf('bomen', trusted)
    const [subscriber] = await ctx.db.query<{ id: string }>(
      `insert into subscribers (email) values ('volger@example.org') returning id::text`,
    )
    const follow = async (documentId: string) =>
      (
        await ctx.db.query<{ id: string }>(
          `insert into subscriptions (subscriber_id, frequency, document_id, confirmed_at)
           values ($1, 'direct', $2, now()) returning id::text`,
          [subscriber!.id, documentId],
        )
      )[0]!.id
    const followsAfval = await follow(afval.id)
    await follow(bomen.id)
    const listed = ckan.packages
    ckan.packages = listed.filter((pkg) => pkg.id !== 'afval')
    try {
      expect((await harvest(trusted)).counts).toMatchObject({ withdrawn: 1 })
      expect(await notify()).toBe(1)
      // One notice, for the withdrawn record only, and as 'direct' a message of its own.
      const notices = await ctx.db.query<Record<string, unknown>>(
        `select n.subscription_id::text, n.event, n.title, m.subscriber_id::text, m.kind
           from subscription_notices n join subscription_messages m on m.id = n.message_id
          where m.subscriber_id = $1`,
        [subscriber!.id],
      )
      expect(notices).toEqual([
        {
          subscription_id: followsAfval,
          event: 'ingetrokken',
          title: 'Afvalbakken in de wijk',
          subscriber_id: subscriber!.id,
          kind: 'direct',
        },
      ])
    } finally {
      ckan.packages = listed
    }
    expect((await harvest(trusted)).counts).toMatchObject({ withdrawn: 0 })
    await ctx.db.query('delete from subscribers where id = $1', [subscriber!.id])
  })

  it('does not bring back a document an admin deleted', async () => {
    const parkeren = await documentOf('parkeren', untrusted)
    await ctx.db.query('update documents set deleted_at = now() where id = $1', [parkeren.id])
    // Its title changed at the source since, but it stays as the admin left it.
    const outcome = await harvest(untrusted)
    expect(outcome.counts).toMatchObject({ created: 0, updated: 0, withdrawn: 0, unchanged: 3 })
    const [row] = await ctx.db.query<{ deleted: boolean }>(
      'select deleted_at is not null as deleted from documents where id = $1',
      [parkeren.id],
    )
    expect(row?.deleted).toBe(true)
  })
})

describe('an untrusted source after an approval', () => {
  const approve = async (id: string) =>
    expect((await ctx.call('GET', apiPaths.approve(id), ADMIN)).status).toBe(200)
  const waitingForValidation = async () => {
    const { status, body } = await ctx.call<ValidationList>('GET', apiPaths.validationList, ADMIN, {
      query: { pageSize: '50' },
    })
    expect(status).toBe(200)
    return body.Results.map((document) => document.title)
  }
  const withTitle = (id: string, title: string) =>
    ckan.packages.map((pkg) => (pkg.id === id ? { ...pkg, title } : pkg))

  it('sends a changed record back to validation, and the public no longer sees it', async () => {
    const bomen = await documentOf('bomen', untrusted)
    await approve(bomen.id)
    expect(await visitorStatus(bomen.id)).toBe(200)

    ckan.packages = withTitle('bomen', 'Bomen gekapt, zie elders')
    const outcome = await harvest(untrusted)
    expect(outcome.counts).toMatchObject({ created: 0, updated: 1 })
    expect(await documentOf('bomen', untrusted)).toMatchObject({
      status: 'openstaand',
      title: 'Bomen gekapt, zie elders',
    })
    expect(await visitorStatus(bomen.id)).toBe(404)
    expect(await titlesFound('gekapt')).toEqual([])
    expect(await waitingForValidation()).toContain('Bomen gekapt, zie elders')

    // Approved again, the new text is public.
    await approve(bomen.id)
    expect(await titlesFound('gekapt')).toEqual(['Bomen gekapt, zie elders'])
    // A run that changes nothing leaves the approval alone.
    expect((await harvest(untrusted)).counts).toMatchObject({ updated: 0 })
    expect((await documentOf('bomen', untrusted)).status).toBe('goedgekeurd')
  })

  it('lets a withdrawn record that the source lists again wait for validation', async () => {
    const afval = await documentOf('afval', untrusted)
    await approve(afval.id)
    expect(await visitorStatus(afval.id)).toBe(200)
    const listed = ckan.packages
    ckan.packages = listed.filter((pkg) => pkg.id !== 'afval')
    expect((await harvest(untrusted)).counts).toMatchObject({ withdrawn: 1 })

    ckan.packages = listed
    expect((await harvest(untrusted)).counts).toMatchObject({ updated: 1, withdrawn: 0 })
    expect((await documentOf('afval', untrusted)).status).toBe('openstaand')
    expect(await visitorStatus(afval.id)).toBe(404)
    expect(await waitingForValidation()).toContain('Afvalbakken in de wijk')
  })

  it('leaves a trusted source publishing its changes at once', async () => {
    ckan.packages = withTitle('bomen', 'Bomen in de stad, bijgewerkt')
    expect((await harvest(trusted)).counts).toMatchObject({ updated: 1 })
    expect((await documentOf('bomen', trusted)).status).toBe('goedgekeurd')
    expect(await titlesFound('bijgewerkt')).toEqual(['Bomen in de stad, bijgewerkt'])
    expect(await waitingForValidation()).not.toContain('Bomen in de stad, bijgewerkt')
  })
})

describe('a run that fails', () => {
  const portalState = async () => ({
    documents: await ctx.db.query(
      `select id, title, status, deleted_at, withdrawn_at, harvested_at from documents
        order by id`,
    ),
    search: (await searchAs(ctx, { pageSize: '50' })).Results.map((result) => result.title),
  })

  it('leaves the portal as it was when page 3 of 5 cannot be read', async () => {
    ckan.packages = [
      ...PACKAGES().slice(0, 2),
      ...Array.from({ length: 8 }, (_, i) => ckanPackage(`nieuw-${i}`, `Nieuwe set ${i}`)),
    ]
    ckan.failAtStart = 4
    const before = await portalState()
    const outcome = await harvest(trusted)
    expect(outcome.status).toBe('failed')
    expect(outcome.error).toMatch(/^Pagina 3 kon niet worden opgehaald: HTTP 500/)
    expect(await portalState()).toEqual(before)
    const [run] = await ctx.db.query<Record<string, unknown>>(
      `select status, error, pages_read, created from harvest_runs
        where source_id = $1 order by queued_at desc limit 1`,
      [trusted],
    )
    expect(run).toMatchObject({ status: 'failed', error: outcome.error, pages_read: 2, created: 0 })
  })

  it('withdraws nothing when the source suddenly lists no records at all', async () => {
    ckan.failAtStart = null
    ckan.packages = []
    const before = await portalState()
    const outcome = await harvest(trusted)
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'De bron gaf geen enkel record; er is niets ingetrokken.',
    })
    expect(await portalState()).toEqual(before)
  })

  it('reports a source error that holds what the database cannot store, cleaned', async () => {
    const runId = await ctx.db.transaction((tx) =>
      queueRun(tx, { sourceId: trusted, trigger: 'manual', requestedBy: null, dryRun: false }),
    )
    const outcome = await executeRun({ db: ctx.db }, runId!, {
      collect: () =>
        Promise.reject(new HarvestCollectError('Pagina 1 gaf een CKAN-fout: kapot\u0000\nna NUL')),
    })
    expect(outcome?.error).toBe('Pagina 1 gaf een CKAN-fout: kapot na NUL')
    const [run] = await ctx.db.query<{ status: string; error: string }>(
      'select status, error from harvest_runs where id = $1',
      [runId],
    )
    expect(run).toEqual({ status: 'failed', error: outcome?.error })
  })

  it("logs the collector's unforeseen failure, and reports it in general words", async () => {
    const runId = await ctx.db.transaction((tx) =>
      queueRun(tx, { sourceId: trusted, trigger: 'manual', requestedBy: null, dryRun: false }),
    )
    const logged: object[] = []
    const log = { error: (details: object) => logged.push(details) }
    const cause = new Error('parser said: geheim-7f3a')
    const outcome = await executeRun({ db: ctx.db, log }, runId!, {
      collect: () => Promise.reject(new HarvestCollectError(UNEXPECTED, { cause })),
    })
    expect(outcome?.error).toBe('De bron kon niet worden gelezen door een onverwachte fout.')
    expect(logged).toEqual([expect.objectContaining({ runId })])
    expect(logged[0]).toMatchObject({ err: { cause } })
  })
})
