import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type DocumentPrivacy,
  type Problem,
  type PublishedWithFindingsList,
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
import { createDocument } from '../../../test/factories.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { applyRun } from '../harvesting/apply.ts'
import { mapRecords } from '../harvesting/map.ts'
import type { HarvestedRecord } from '../harvesting/record.ts'
import { insertHarvestSource } from '../harvesting/testing.ts'
import { loadThemeVocabulary } from '../harvesting/vocabulary.ts'
import { postUpload } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { PRIVACY_SCAN_BATCH, requestPrivacyScans, SCAN_PRIVACY_JOB } from './scan-job.ts'
import type { PrivacyScanner } from './scanner.ts'
import { fakeScanner, finding } from './testing.ts'
import { PRIVACY_TEXTS } from './texts.ts'

const OTHER_ADMIN: TestIdentity = {
  oid: 'oid-tweede-beheerder',
  name: 'Tineke Tweede',
  email: 'tweede@voorbeeldstad.nl',
  groups: ADMIN.groups ?? [],
}

/** The scanner's findings, by what the uploaded files and texts hold. */
const SCANNER = fakeScanner({
  files: [
    [
      'BSN-KOLOM',
      [
        finding(
          'bsn',
          "kolom 'bsn' (B), rij 2 tot 4",
          '***.**.*782',
          'Jansen ***.**.*782 Utrecht',
          3,
        ),
      ],
    ],
    [
      'IBAN-RAPPORT',
      [finding('iban', 'regel 2', 'NL** **** **** **43 00', 'rekening NL** **** **** **43 00 van')],
    ],
    ['ONLEESBAAR', 'Dit bestand kon niet worden gelezen.'],
  ],
  texts: [
    [
      'info@voorbeeld.nl',
      { kind: 'email', masked: 'i***@voorbeeld.nl', context: 'mail i***@voorbeeld.nl', count: 1 },
    ],
  ],
})

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

const runJobs = (scanner: PrivacyScanner = SCANNER) =>
  runPendingJobs(ctx.db, jobHandlers({ db: ctx.db, store: ctx.store, privacyScanner: scanner }))

async function upload(
  who: TestIdentity,
  files: Array<[content: string, name: string]>,
  fields: Record<string, string> = {},
): Promise<string> {
  const response = await postUpload(
    ctx,
    who,
    uploadForm(
      { ...VALID_FIELDS, ...fields },
      files.map(([content, name]) => fileOf(content, name)),
    ),
  )
  expect(response.statusCode, response.body).toBe(fields.contentUID ? 200 : 201)
  return response.json<{ contentUID: string }>().contentUID
}

const detail = async (id: string, as: TestIdentity | null) => {
  const { status, body } = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), as, {
    prefix: as ? API_PREFIX.authenticated : API_PREFIX.public,
  })
  return { status, body }
}

const privacyOf = async (id: string, as: TestIdentity = EMPLOYEE) => {
  const { status, body } = await detail(id, as)
  expect(status).toBe(200)
  return body.privacy!
}

const approve = (id: string, as: TestIdentity = ADMIN) =>
  ctx.call<Problem>('GET', apiPaths.approve(id), as)

const review = (id: string, body: unknown, as: TestIdentity = ADMIN) =>
  ctx.call<DocumentPrivacy & { detail?: string }>('POST', apiPaths.privacyReview(id), as, { body })

const auditActions = async (id: string) =>
  (
    await ctx.db.query<{ action: string }>(
      `select action from audit_log where document_id = $1 and action like 'privacy_%' order by id`,
      [id],
    )
  ).map((row) => row.action)

const CSV: [string, string] = ['naam;bsn\nJansen;BSN-KOLOM\n', 'inwoners.csv']
/** Enough of a PDF for the upload's type check; the fake scanner reads its marker. */
const REPORT: [string, string] = ['%PDF-1.4\n% Verslag IBAN-RAPPORT\n%%EOF\n', 'verslag.pdf']

describe('a document with possible personal data', () => {
  it('is not approved until another admin has judged every finding; the owner only notes', async () => {
    const id = await upload(EMPLOYEE, [CSV, REPORT], { title: 'Inwoners met bsn' })

    // The scan is on its way: not checked, and approval says so.
    const waiting = await privacyOf(id)
    expect(waiting).toMatchObject({ status: 'niet-gecontroleerd', pending: true, findings: [] })
    const early = await approve(id)
    expect(early.status).toBe(409)
    expect(early.body.detail).toBe(PRIVACY_TEXTS.scanPending)

    await runJobs()
    const found = await privacyOf(id)
    expect(found.status).toBe('bevindingen')
    expect(found.pending).toBe(false)
    expect(found.findings.map((f) => [f.kind, f.fileName, f.location, f.masked, f.count])).toEqual([
      ['bsn', 'inwoners.csv', "kolom 'bsn' (B), rij 2 tot 4", '***.**.*782', 3],
      ['iban', 'verslag.pdf', 'regel 2', 'NL** **** **** **43 00', 1],
    ])
    expect(found.findings.every((f) => f.resolution === undefined)).toBe(true)
    // The admin sees the same, and in the validation list.
    expect((await privacyOf(id, ADMIN)).findings).toHaveLength(2)
    const list = await ctx.call<ValidationList>('GET', apiPaths.validationList, ADMIN)
    const listed = list.body.Results.find((document) => document.contentUID === id)
    expect(listed?.privacy?.findings.map((f) => f.kind)).toEqual(['bsn', 'iban'])

    const blocked = await approve(id)
    expect(blocked.status).toBe(409)
    expect(blocked.response.headers['content-type']).toContain('application/problem+json')
    expect(blocked.body.detail).toBe('Controleer eerst de mogelijke persoonsgegevens.')

    // The owner's note is a note: the finding stays open and approval still waits.
    const [bsn, iban] = found.findings
    const noted = await ctx.call<DocumentPrivacy>(
      'POST',
      apiPaths.privacyOwnerNote(id, iban!.id),
      EMPLOYEE,
      { body: { reason: 'Dit is het rekeningnummer van de gemeente.' } },
    )
    expect(noted.status).toBe(200)
    expect(noted.body.findings[1]).toMatchObject({
      ownerNote: 'Dit is het rekeningnummer van de gemeente.',
    })
    expect(noted.body.status).toBe('bevindingen')
    expect(
      (
        await ctx.call('POST', apiPaths.privacyOwnerNote(id, bsn!.id), OTHER_EMPLOYEE, {
          body: { reason: 'Niet van mij.' },
        })
      ).status,
    ).toBe(404)
    expect((await approve(id)).status).toBe(409)

    // Half a review is no review.
    const half = await review(id, {
      findings: [{ id: iban!.id, resolution: 'mag-openbaar', reason: 'Rekening van de gemeente.' }],
    })
    expect(half.status).toBe(200)
    expect(half.body.status).toBe('bevindingen')
    expect((await approve(id)).status).toBe(409)

    const full = await review(id, {
      findings: [
        {
          id: bsn!.id,
          resolution: 'geen-persoonsgegeven',
          reason: 'Testnummers uit de proefomgeving.',
        },
      ],
    })
    expect(full.body.status).toBe('beoordeeld')
    expect(full.body.findings[0]).toMatchObject({
      resolution: 'geen-persoonsgegeven',
      reason: 'Testnummers uit de proefomgeving.',
      resolvedBy: ADMIN.name,
    })
    expect((await approve(id)).status).toBe(200)

    expect(await auditActions(id)).toEqual([
      'privacy_approval_blocked',
      'privacy_scanned',
      'privacy_approval_blocked',
      'privacy_finding_noted',
      'privacy_approval_blocked',
      'privacy_reviewed',
      'privacy_approval_blocked',
      'privacy_reviewed',
    ])
    // The audit log keeps kinds and places, never a value, not even masked.
    const [details] = await ctx.db.query<{ text: string }>(
      `select string_agg(details::text, ' ') as text from audit_log where document_id = $1`,
      [id],
    )
    expect(details?.text).not.toContain('*')

    // Published: the check is for the owner and admins only.
    expect((await detail(id, OTHER_EMPLOYEE)).body).not.toHaveProperty('privacy')
    expect((await detail(id, null)).body).not.toHaveProperty('privacy')
    expect((await detail(id, EMPLOYEE)).body.privacy?.status).toBe('beoordeeld')
  })

  it('is reviewed by an admin other than its uploader, and the review is checked', async () => {
    const id = await upload(ADMIN, [CSV], { title: 'Eigen upload van de beheerder' })
    await runJobs()
    const [bsn] = (await privacyOf(id, ADMIN)).findings
    const judgement = { findings: [{ id: bsn!.id, resolution: 'mag-openbaar', reason: 'Nep.' }] }

    const own = await review(id, judgement, ADMIN)
    expect(own.status).toBe(403)
    expect(own.body.detail).toBe(PRIVACY_TEXTS.selfReview)
    expect((await review(id, judgement, EMPLOYEE)).status).toBe(403)
    expect((await review(id, { findings: [] }, OTHER_ADMIN)).status).toBe(422)
    expect(
      (
        await review(
          id,
          { findings: [{ id: bsn!.id, resolution: 'moet-weg', reason: 'Weg ermee.' }] },
          OTHER_ADMIN,
        )
      ).status,
    ).toBe(422)
    const blank = await review(
      id,
      { findings: [{ id: bsn!.id, resolution: 'mag-openbaar', reason: '  ' }] },
      OTHER_ADMIN,
    )
    expect(blank.status).toBe(422)
    const unknown = await review(
      id,
      { findings: [{ id: crypto.randomUUID(), resolution: 'mag-openbaar', reason: 'Nep.' }] },
      OTHER_ADMIN,
    )
    expect(unknown.status).toBe(409)
    expect(unknown.body.detail).toBe(PRIVACY_TEXTS.findingGone)

    expect((await review(id, judgement, OTHER_ADMIN)).body.status).toBe('beoordeeld')
    expect((await approve(id, OTHER_ADMIN)).status).toBe(200)
  })

  it("'moet weg' is a disapproval, which the findings do not hold up", async () => {
    const id = await upload(EMPLOYEE, [CSV], { title: 'Bsn-lijst die weg moet' })
    await runJobs()
    const { status } = await ctx.call('GET', apiPaths.disapprove(id), ADMIN, {
      query: {
        statusCategory: 'Privacygevoelig',
        statusDescription: "BSN in inwoners.csv, kolom 'bsn' (B): moet weg.",
      },
    })
    expect(status).toBe(200)
  })
})

describe('a part that could not be checked', () => {
  it('makes the document not checked until an admin reviews that part by hand', async () => {
    const id = await upload(EMPLOYEE, [['ONLEESBAAR', 'kapot.csv'], REPORT], {
      title: 'Deels leesbaar',
    })
    await runJobs()
    const privacy = await privacyOf(id)
    expect(privacy.status).toBe('niet-gecontroleerd')
    expect(privacy.pending).toBe(false)
    const [unreadable] = privacy.unscanned
    expect(unreadable).toMatchObject({
      fileName: 'kapot.csv',
      reason: 'Dit bestand kon niet worden gelezen.',
    })
    expect((await approve(id)).body.detail).toBe('Controleer eerst de mogelijke persoonsgegevens.')

    const [iban] = privacy.findings
    const findingsOnly = await review(id, {
      findings: [{ id: iban!.id, resolution: 'mag-openbaar', reason: 'Gemeenterekening.' }],
    })
    expect(findingsOnly.body.status).toBe('niet-gecontroleerd')
    expect((await approve(id)).status).toBe(409)
    // Only a part that failed can be reviewed as such.
    expect(
      (await review(id, { unscanned: [{ fileId: null, reason: 'Titel gelezen.' }] })).status,
    ).toBe(409)

    const reviewed = await review(id, {
      unscanned: [
        { fileId: unreadable!.fileId, reason: 'Met de hand doorgelezen: geen persoonsgegevens.' },
      ],
    })
    expect(reviewed.body.status).toBe('beoordeeld')
    expect(reviewed.body.unscanned[0]).toMatchObject({ reviewedBy: ADMIN.name })
    expect((await approve(id)).status).toBe(200)
  })

  it('is what a scan cut short on every attempt leaves, instead of waiting for ever', async () => {
    const id = await upload(EMPLOYEE, [REPORT], { title: 'Scanner valt steeds om' })
    const broken: PrivacyScanner = {
      scanFile: () => Promise.reject(new Error('worker stopped')),
      scanTexts: SCANNER.scanTexts,
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      await runPendingJobs(
        ctx.db,
        jobHandlers({ db: ctx.db, store: ctx.store, privacyScanner: broken }),
        {
          timing: { leaseMs: 60_000, retryBaseMs: 0, maxRetryMs: 0, maxPostponeMs: 0 },
        },
      )
    }
    const privacy = await privacyOf(id)
    expect(privacy).toMatchObject({ status: 'niet-gecontroleerd', pending: false })
    expect(privacy.unscanned).toEqual([
      expect.objectContaining({ fileName: 'verslag.pdf', reason: PRIVACY_TEXTS.fileInterrupted }),
    ])
    // A new request (an edit) tries that file again.
    await upload(EMPLOYEE, [], {
      title: 'Scanner valt steeds om',
      contentUID: id,
      keepFileIds: privacy.unscanned[0]!.fileId!,
    })
    await runJobs()
    expect((await privacyOf(id)).status).toBe('bevindingen')
  })
})

describe('a rescan', () => {
  it('keeps the judgement of a finding still there and scans no file twice', async () => {
    const scanner = fakeScanner({
      files: [['IBAN-RAPPORT', [finding('iban', 'regel 2', 'NL** **** **** **43 00', 'rekening')]]],
      texts: [
        [
          'info@voorbeeld.nl',
          {
            kind: 'email',
            masked: 'i***@voorbeeld.nl',
            context: 'mail i***@voorbeeld.nl',
            count: 1,
          },
        ],
      ],
    })
    const id = await upload(EMPLOYEE, [REPORT], {
      title: 'Meldpunt afval',
      description: 'Vragen? Mail info@voorbeeld.nl.',
    })
    await runJobs(scanner)
    const first = await privacyOf(id)
    expect(first.findings.map((f) => [f.kind, f.location])).toEqual([
      ['email', 'beschrijving'],
      ['iban', 'regel 2'],
    ])
    await review(id, {
      findings: first.findings.map((f) => ({
        id: f.id,
        resolution: 'mag-openbaar',
        reason: 'Algemeen adres.',
      })),
    })
    expect(scanner.scannedFiles).toHaveLength(1)

    // The owner edits the description; the e-mail address stays: judged already.
    const fileId = (await detail(id, EMPLOYEE)).body.files[0]!.id
    await upload(EMPLOYEE, [], {
      title: 'Meldpunt afval',
      description: 'Vragen over afval? Mail info@voorbeeld.nl.',
      contentUID: id,
      keepFileIds: fileId,
    })
    expect((await privacyOf(id)).pending).toBe(true)
    await runJobs(scanner)
    const second = await privacyOf(id)
    expect(second.status).toBe('beoordeeld')
    expect(second.findings.map((f) => f.resolution)).toEqual(['mag-openbaar', 'mag-openbaar'])
    expect(scanner.scannedFiles).toHaveLength(1)

    // A new address in the title is a new finding, open again.
    await upload(EMPLOYEE, [], {
      title: 'Meldpunt info@voorbeeld.nl',
      description: 'Vragen over afval? Mail info@voorbeeld.nl.',
      contentUID: id,
      keepFileIds: fileId,
    })
    await runJobs(scanner)
    const third = await privacyOf(id)
    expect(third.status).toBe('bevindingen')
    expect(third.findings.filter((f) => !f.resolution).map((f) => f.location)).toEqual(['titel'])
  })
})

describe('scans of many documents', () => {
  const scannedStatus = async (ids: readonly string[]) =>
    (
      await ctx.db.query<{ status: string; documents: number }>(
        `select details->>'status' as status, count(*)::int as documents from audit_log
          where action = 'privacy_scanned' and document_id = any($1::uuid[])
          group by 1 order by 1`,
        [ids],
      )
    ).map((row) => [row.status, row.documents])

  it('run in batches, each document checked on its own text and recorded once', async () => {
    const ids: string[] = []
    for (let i = 0; i < PRIVACY_SCAN_BATCH + 5; i++) {
      const withMail = i === 3 || i === PRIVACY_SCAN_BATCH + 2
      ids.push(
        await createDocument(ctx.db, {
          title: withMail ? `Contact ${i}: info@voorbeeld.nl` : `Bomen in wijk ${i}`,
          status: 'goedgekeurd',
        }),
      )
    }
    await ctx.db.transaction((tx) => requestPrivacyScans(tx, ids, { bulk: true }))
    const gone = ids[7]!
    await ctx.db.query('update documents set deleted_at = now() where id = $1', [gone])
    const jobs = await ctx.db.query<{ documents: number }>(
      `select jsonb_array_length(payload->'documentIds') as documents from jobs
        where kind = 'scan-privacy' and payload->'documentIds' ?| $1::text[] order by id`,
      [ids],
    )
    expect(jobs.map((job) => job.documents)).toEqual([PRIVACY_SCAN_BATCH, 5])

    await runJobs()
    expect(await scannedStatus(ids)).toEqual([
      ['bevindingen', 2],
      ['geen-bevindingen', PRIVACY_SCAN_BATCH + 2],
    ])
    expect((await privacyOf(ids[3]!, ADMIN)).findings.map((f) => f.location)).toEqual(['titel'])
    expect((await privacyOf(ids[PRIVACY_SCAN_BATCH + 2]!, ADMIN)).status).toBe('bevindingen')
    expect((await privacyOf(ids[4]!, ADMIN)).status).toBe('geen-bevindingen')
    expect(await auditActions(gone)).toEqual([])
  })

  it('include a job queued for one document before there were batches', async () => {
    const id = await createDocument(ctx.db, { title: 'Vragen: info@voorbeeld.nl' })
    // As migration 0024 queued them (the factory wrote the document as checked).
    await ctx.db.query(`update privacy_scans set status = 'pending' where document_id = $1`, [id])
    await ctx.db.query(
      `insert into jobs (kind, payload, max_attempts)
       values ('scan-privacy', jsonb_build_object('documentId', $1::text), 3)`,
      [id],
    )
    await runJobs()
    expect(await scannedStatus([id])).toEqual([['bevindingen', 1]])
  })
})

describe("the admins' list 'Gepubliceerd met mogelijke persoonsgegevens'", () => {
  it('holds published documents with open findings, and leaves them published', async () => {
    const published = await createDocument(ctx.db, {
      title: 'Contact: info@voorbeeld.nl',
      status: 'goedgekeurd',
      owner: EMPLOYEE,
    })
    const clean = await createDocument(ctx.db, { title: 'Bomen per wijk', status: 'goedgekeurd' })
    // What the one-time background scan of migration 0024 asks for every document.
    await ctx.db.transaction((tx) => requestPrivacyScans(tx, [published, clean]))
    await runJobs()

    const list = await ctx.call<PublishedWithFindingsList>('GET', apiPaths.privacyPublished, ADMIN)
    expect(list.status).toBe(200)
    const entry = list.body.Results.find((document) => document.contentUID === published)
    expect(entry).toMatchObject({
      title: 'Contact: info@voorbeeld.nl',
      owner: EMPLOYEE.name,
      openCounts: { email: 1 },
    })
    expect(list.body.Results.map((document) => document.contentUID)).not.toContain(clean)
    expect((await detail(published, null)).status).toBe(200)

    expect((await ctx.call('GET', apiPaths.privacyPublished, EMPLOYEE)).status).toBe(403)
    expect((await ctx.call('GET', apiPaths.privacyPublished, null)).status).toBe(401)

    const [email] = (await privacyOf(published, ADMIN)).findings
    await review(published, {
      findings: [{ id: email!.id, resolution: 'mag-openbaar', reason: 'Algemeen adres.' }],
    })
    const after = await ctx.call<PublishedWithFindingsList>('GET', apiPaths.privacyPublished, ADMIN)
    expect(after.body.Results.map((document) => document.contentUID)).not.toContain(published)
  })
})

describe('harvested records', () => {
  const record = (identifier: string, description: string): HarvestedRecord => ({
    identifier,
    title: `Meldingen openbare ruimte ${identifier}`,
    description,
    keywords: [],
    themeIris: [],
    groups: [],
    licence: 'cc-by',
    modified: '2025-01-01',
    issued: null,
    landingPage: `https://data.example.org/dataset/${identifier}`,
    distributions: [],
  })
  /** A run of a new source of this name, applied; its documents, by identifier. */
  async function applyHarvest(name: string, trusted: boolean, records: HarvestedRecord[]) {
    const source = {
      id: await insertHarvestSource(ctx.db, { name, trusted }),
      sourceName: name,
      trusted,
    }
    await ctx.db.transaction(async (tx) =>
      applyRun(tx, source, mapRecords(records, await loadThemeVocabulary(tx), source.sourceName)),
    )
    return () =>
      ctx.db.query<{ id: string; identifier: string; status: string }>(
        `select id::text, harvest_identifier as identifier, status from documents
          where harvest_source_id = $1 order by harvest_identifier`,
        [source.id],
      )
  }
  async function harvest(name: string, trusted: boolean, records: HarvestedRecord[]) {
    const documents = await applyHarvest(name, trusted, records)
    await runJobs()
    return documents()
  }

  it('are checked on their metadata: an untrusted source waits for validation and review', async () => {
    const [withMail, plain] = await harvest('Buurportaal', false, [
      record('a', 'Vragen: info@voorbeeld.nl.'),
      record('b', 'Meldingen per wijk.'),
    ])
    expect(withMail).toMatchObject({ identifier: 'a', status: 'openstaand' })
    const privacy = await privacyOf(withMail!.id, ADMIN)
    expect(privacy.status).toBe('bevindingen')
    expect(privacy.findings.map((f) => [f.kind, f.location])).toEqual([['email', 'beschrijving']])
    expect((await approve(withMail!.id)).status).toBe(409)
    expect((await privacyOf(plain!.id, ADMIN)).status).toBe('geen-bevindingen')
    expect((await approve(plain!.id)).status).toBe(200)
  })

  it("are checked after an employee's upload that came later: a run's scans are bulk", async () => {
    const documents = await applyHarvest('Wijkportaal', false, [
      record('d', 'Meldingen per straat.'),
      record('e', 'Meldingen per buurt.'),
    ])
    const uploaded = await upload(EMPLOYEE, [CSV])
    const scans = jobHandlers({ db: ctx.db, store: ctx.store, privacyScanner: SCANNER })
    const oneScan = { [SCAN_PRIVACY_JOB]: scans[SCAN_PRIVACY_JOB]! }
    expect(await runPendingJobs(ctx.db, oneScan, { maxJobs: 1 })).toBe(1)
    expect((await privacyOf(uploaded)).pending).toBe(false)
    for (const harvested of await documents()) {
      expect((await privacyOf(harvested.id, ADMIN)).pending).toBe(true)
    }
    await runJobs()
    for (const harvested of await documents()) {
      expect((await privacyOf(harvested.id, ADMIN)).status).toBe('geen-bevindingen')
    }
  })

  it("from a trusted source are published as before, and their findings go to the admins' list", async () => {
    const [withMail] = await harvest('Stadsportaal', true, [
      record('c', 'Vragen: info@voorbeeld.nl.'),
    ])
    expect(withMail?.status).toBe('goedgekeurd')
    const list = await ctx.call<PublishedWithFindingsList>('GET', apiPaths.privacyPublished, ADMIN)
    expect(
      list.body.Results.find((document) => document.contentUID === withMail!.id),
    ).toMatchObject({
      harvestSource: 'Stadsportaal',
      openCounts: { email: 1 },
    })
  })
})
