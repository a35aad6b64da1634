import { randomUUID } from 'node:crypto'
import {
  API_PREFIX,
  apiPaths,
  type DocumentClassification,
  type DocumentDetail,
  type Problem,
  type SearchResponse,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { addSynonyms, createDocument } from '../../../test/factories.ts'
import { ensureNamed } from '../vocabulary/service.ts'

const doc = { approved: '', second: '', own: '', othersPending: '', deleted: '' }

const ctx = useTestContext()

beforeAll(async () => {
  await addSynonyms(ctx.db, 'Fiets', ['rijwiel', 'stalling'])
  await addSynonyms(ctx.db, 'Parkeren', ['stalling'])
  await ensureNamed(ctx.db, 'themes', 'Wonen & Bouwen')
  await ensureNamed(ctx.db, 'themes', 'Zorg/Welzijn')
  await ensureNamed(ctx.db, 'labels', 'Intern')
  await ensureNamed(ctx.db, 'labels', 'Kwartaalcijfers')
  doc.approved = await createDocument(ctx.db, {
    title: 'Verkeerstellingen kruispunten',
    themes: ['Afval'],
    owner: OTHER_EMPLOYEE,
  })
  doc.second = await createDocument(ctx.db, { title: 'Verkeersongevallen per jaar' })
  doc.own = await createDocument(ctx.db, {
    title: 'Eigen concept verkeer',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  doc.othersPending = await createDocument(ctx.db, {
    title: 'Concept van een collega',
    status: 'openstaand',
    owner: OTHER_EMPLOYEE,
  })
  doc.deleted = await createDocument(ctx.db, { title: 'Verwijderd verkeer', deleted: true })
})

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  as: TestIdentity | null,
  query: Record<string, string> = {},
  prefix: string = API_PREFIX.authenticated,
) => ctx.call<DocumentClassification & Problem>(method, path, as, { query, prefix })

const addTheme = (id: string, name: string, as: TestIdentity | null = EMPLOYEE) =>
  call('PUT', apiPaths.documentTag(id), as, { name })
const removeTheme = (id: string, name: string, as: TestIdentity | null = EMPLOYEE) =>
  call('DELETE', apiPaths.removeTag(id, name), as)
const addLabel = (id: string, name: string, as: TestIdentity | null = EMPLOYEE) =>
  call('PUT', apiPaths.documentLabel(id), as, { name })
const removeLabel = (id: string, name: string, as: TestIdentity | null = EMPLOYEE) =>
  call('DELETE', apiPaths.removeLabel(id, name), as)

async function search(query: Record<string, string>, as: TestIdentity | null) {
  const response = await ctx.app.inject({
    url: `${as ? API_PREFIX.authenticated : API_PREFIX.public}${apiPaths.search}?${new URLSearchParams(query)}`,
    headers: as ? { authorization: `Bearer ${await ctx.tokenFor(as)}` } : {},
  })
  return { status: response.statusCode, body: response.json<SearchResponse>() }
}
const titles = (body: SearchResponse) => body.Results.map((result) => result.title)

const auditRows = (documentId: string) =>
  ctx.db.query<{ actor_id: string; action: string; document_title: string; details: unknown }>(
    `select actor_id, action, document_title, details from audit_log
      where document_id = $1 order by id`,
    [documentId],
  )

describe('PUT /documents/{id}/tag', () => {
  it('attaches a theme from the vocabulary, matched trimmed and case-insensitively', async () => {
    const { status, body } = await addTheme(doc.approved, '  fIETS ')
    expect(status).toBe(200)
    expect(body).toEqual({ themes: ['Afval', 'Fiets'], labels: null })
  })

  it('changes search and the theme facet at once, on /api and /pubapi', async () => {
    for (const as of [EMPLOYEE, null]) {
      const { body } = await search({ tags: 'Fiets' }, as)
      expect(titles(body)).toEqual(['Verkeerstellingen kruispunten'])
      expect(body.Aggregations.themes).toContainEqual({ key: 'Fiets', count: 1 })
    }
    const all = await search({}, EMPLOYEE)
    expect(all.body.Aggregations.themes).toEqual([
      { key: 'Afval', count: 1 },
      { key: 'Fiets', count: 1 },
      { key: 'Geen thema', count: 2 },
    ])
  })

  it('makes the theme findable by text, as other themes are', async () => {
    const { body } = await search({ query: 'fiets' }, null)
    expect(titles(body)).toContain('Verkeerstellingen kruispunten')
  })

  it('changes nothing, and logs nothing, when the document has the theme already', async () => {
    const { status, body } = await addTheme(doc.approved, 'Fiets')
    expect(status).toBe(200)
    expect(body).toEqual({ themes: ['Afval', 'Fiets'], labels: null })
    expect(await auditRows(doc.approved)).toEqual([
      {
        actor_id: EMPLOYEE.oid,
        action: 'theme_added',
        document_title: 'Verkeerstellingen kruispunten',
        details: { theme: 'Fiets' },
      },
    ])
  })

  it('attaches the theme of a thesaurus synonym', async () => {
    expect((await addTheme(doc.second, 'Rijwiel')).body).toEqual({
      themes: ['Fiets'],
      labels: null,
    })
  })

  it('attaches themes whose names need encoding', async () => {
    expect((await addTheme(doc.second, 'wonen & bouwen')).body.themes).toEqual([
      'Fiets',
      'Wonen & Bouwen',
    ])
    expect((await addTheme(doc.second, 'Zorg/Welzijn')).body.themes).toContain('Zorg/Welzijn')
  })

  it('refuses a name outside the vocabulary with 422 and a clear Dutch message', async () => {
    const { status, body, response } = await addTheme(doc.approved, 'Onbekend thema')
    expect(status).toBe(422)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(body).toMatchObject({
      title: 'Ongeldige invoer',
      detail: 'Dit thema bestaat niet. Kies een thema uit de lijst.',
      errors: [
        {
          path: 'querystring.name',
          message: 'Dit thema bestaat niet. Kies een thema uit de lijst.',
        },
      ],
    })
    // A label is not a theme.
    expect((await addTheme(doc.approved, 'Intern')).status).toBe(422)
  })

  it('refuses a synonym of several themes, naming them', async () => {
    const { status, body } = await addTheme(doc.approved, 'stalling')
    expect(status).toBe(422)
    expect(body.detail).toBe(
      '‘stalling’ hoort bij meer dan één thema (Fiets, Parkeren). Kies een thema uit de lijst.',
    )
  })

  it('refuses an empty, blank, too long or missing name with 422', async () => {
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      expect((await addTheme(doc.approved, name)).status, JSON.stringify(name)).toBe(422)
    }
    const blank = await addTheme(doc.approved, ' ')
    expect(blank.body.errors).toEqual([{ path: 'querystring.name', message: 'Vul een naam in.' }])
    expect((await call('PUT', apiPaths.documentTag(doc.approved), EMPLOYEE)).status).toBe(422)
  })
})

describe('PUT /documents/{id}/label', () => {
  it('attaches a label from the vocabulary', async () => {
    const { status, body } = await addLabel(doc.approved, 'intern')
    expect(status).toBe(200)
    expect(body).toEqual({ themes: ['Afval', 'Fiets'], labels: ['Intern'] })
    expect((await addLabel(doc.approved, 'Intern')).body.labels).toEqual(['Intern'])
  })

  it('shows it to employees in search and the label facet at once', async () => {
    const { body } = await search({ labels: 'Intern' }, EMPLOYEE)
    expect(titles(body)).toEqual(['Verkeerstellingen kruispunten'])
    expect(body.Results[0]?.labels).toEqual(['Intern'])
    expect(body.Aggregations.labels).toContainEqual({ key: 'Intern', count: 1 })
  })

  it('never shows labels on /pubapi', async () => {
    const { body } = await search({ query: 'verkeerstellingen' }, null)
    expect(body.Results[0]).not.toHaveProperty('labels')
    expect(body.Aggregations).not.toHaveProperty('labels')
    expect((await search({ labels: 'Intern' }, null)).status).toBe(422)
    const detail = await ctx.app.inject({
      url: `${API_PREFIX.public}${apiPaths.document(doc.approved)}`,
    })
    expect(detail.json<DocumentDetail>()).not.toHaveProperty('labels')
    expect(detail.body).not.toContain('Intern')
  })

  it('refuses a name outside the label vocabulary, and a theme, with 422', async () => {
    for (const name of ['Geheim', 'Fiets']) {
      const { status, body } = await addLabel(doc.approved, name)
      expect(status).toBe(422)
      expect(body.detail).toBe('Dit label bestaat niet. Kies een label uit de lijst.')
    }
  })
})

describe('DELETE /documents/{id}/tag/{name} and /label/{name}', () => {
  it('removes a theme by its name, ignoring case, and search follows at once', async () => {
    const { status, body } = await removeTheme(doc.approved, 'FIETS')
    expect(status).toBe(200)
    expect(body).toEqual({ themes: ['Afval'], labels: ['Intern'] })
    const { body: found } = await search({ tags: 'Fiets' }, EMPLOYEE)
    expect(titles(found)).toEqual(['Verkeersongevallen per jaar'])
    expect(found.Aggregations.themes).toContainEqual({ key: 'Fiets', count: 1 })
  })

  it('changes nothing for a name the document does not have or that does not exist', async () => {
    for (const name of ['Fiets', 'Bestaat niet']) {
      const { status, body } = await removeTheme(doc.approved, name)
      expect(status).toBe(200)
      expect(body).toEqual({ themes: ['Afval'], labels: ['Intern'] })
    }
    expect((await auditRows(doc.approved)).map((row) => row.action)).toEqual([
      'theme_added',
      'label_added',
      'theme_removed',
    ])
  })

  it('removes themes whose names need encoding', async () => {
    expect((await removeTheme(doc.second, 'Zorg/Welzijn')).body.themes).toEqual([
      'Fiets',
      'Wonen & Bouwen',
    ])
    expect((await removeTheme(doc.second, 'Wonen & Bouwen')).body.themes).toEqual(['Fiets'])
  })

  it('removes a label, leaving null when none is left', async () => {
    expect((await removeLabel(doc.approved, 'intern')).body).toEqual({
      themes: ['Afval'],
      labels: null,
    })
    expect((await removeLabel(doc.approved, 'Intern')).status).toBe(200)
    const { body } = await search({ labels: 'Intern' }, EMPLOYEE)
    expect(body.Results).toEqual([])
  })

  it('removes the last theme, leaving the document under Geen thema', async () => {
    expect((await removeTheme(doc.approved, 'Afval', OTHER_EMPLOYEE)).body.themes).toBeNull()
    const { body } = await search({ tags: 'Geen thema', query: 'verkeerstellingen' }, null)
    expect(titles(body)).toEqual(['Verkeerstellingen kruispunten'])
  })

  it('refuses an over-long name in the path with 422', async () => {
    expect((await removeTheme(doc.approved, 'x'.repeat(61))).status).toBe(422)
  })
})

describe('the audit log', () => {
  it('records who changed what on which document, and when', async () => {
    const rows = await ctx.db.query<{
      actor_id: string
      action: string
      details: unknown
      at: Date
    }>(`select actor_id, action, details, at from audit_log where document_id = $1 order by id`, [
      doc.approved,
    ])
    expect(rows.map(({ actor_id, action, details }) => ({ actor_id, action, details }))).toEqual([
      { actor_id: EMPLOYEE.oid, action: 'theme_added', details: { theme: 'Fiets' } },
      { actor_id: EMPLOYEE.oid, action: 'label_added', details: { label: 'Intern' } },
      { actor_id: EMPLOYEE.oid, action: 'theme_removed', details: { theme: 'Fiets' } },
      { actor_id: EMPLOYEE.oid, action: 'label_removed', details: { label: 'Intern' } },
      { actor_id: OTHER_EMPLOYEE.oid, action: 'theme_removed', details: { theme: 'Afval' } },
    ])
    for (const row of rows) expect(row.at).toBeInstanceOf(Date)
  })

  it('logs the theme a synonym resolved to', async () => {
    const rows = await auditRows(doc.second)
    expect(rows[0]).toMatchObject({ action: 'theme_added', details: { theme: 'Fiets' } })
  })
})

describe('who may change themes and labels', () => {
  it('does not change the status or the modification date of an approved document', async () => {
    const [before] = await ctx.db.query<{ modified_at: Date }>(
      'select modified_at from documents where id = $1',
      [doc.second],
    )
    await addTheme(doc.second, 'Parkeren', OTHER_EMPLOYEE)
    const [after] = await ctx.db.query<{ status: string; modified_at: Date }>(
      'select status, modified_at from documents where id = $1',
      [doc.second],
    )
    expect(after).toEqual({ status: 'goedgekeurd', modified_at: before!.modified_at })
  })

  it("lets the owner classify their unapproved document, and an admin anyone's", async () => {
    expect((await addTheme(doc.own, 'Fiets')).body.themes).toEqual(['Fiets'])
    expect((await addLabel(doc.othersPending, 'Intern', ADMIN)).body.labels).toEqual(['Intern'])
  })

  it("answers 404 for a missing, deleted or another employee's unapproved document", async () => {
    for (const id of [randomUUID(), doc.deleted, doc.othersPending]) {
      for (const change of [
        addTheme(id, 'Fiets'),
        removeTheme(id, 'Fiets'),
        addLabel(id, 'Intern'),
        removeLabel(id, 'Intern'),
      ]) {
        const { status, response } = await change
        expect(status).toBe(404)
        expect(response.headers['content-type']).toContain('application/problem+json')
      }
    }
    expect(await auditRows(doc.deleted)).toEqual([])
  })

  it('answers 404 before judging the name, for an unknown document', async () => {
    expect((await addTheme(randomUUID(), 'Onbekend')).status).toBe(404)
  })

  it('answers 422 for a malformed document id', async () => {
    expect((await addTheme('geen-uuid', 'Fiets')).status).toBe(422)
  })

  it('answers 401 to a visitor; the calls do not exist on /pubapi', async () => {
    for (const change of [
      addTheme(doc.approved, 'Fiets', null),
      removeTheme(doc.approved, 'Fiets', null),
      addLabel(doc.approved, 'Intern', null),
      removeLabel(doc.approved, 'Intern', null),
    ]) {
      expect((await change).status).toBe(401)
    }
    const open = await call(
      'PUT',
      apiPaths.documentTag(doc.approved),
      null,
      { name: 'Fiets' },
      API_PREFIX.public,
    )
    expect(open.status).toBe(404)
  })
})

describe('concurrent changes to one document', () => {
  it('keep every theme in the search columns', async () => {
    const names = ['Fiets', 'Parkeren', 'Wonen & Bouwen', 'Zorg/Welzijn', 'Afval']
    const id = await createDocument(ctx.db, { title: 'Gelijktijdig ingedeeld' })
    const results = await Promise.all(
      names.map((name, i) => addTheme(id, name, [EMPLOYEE, OTHER_EMPLOYEE, ADMIN][i % 3])),
    )
    expect(results.map((result) => result.status)).toEqual(names.map(() => 200))
    const [row] = await ctx.db.query<{ theme_names: string[] }>(
      'select theme_names from documents where id = $1',
      [id],
    )
    expect(row?.theme_names).toEqual([
      'Afval',
      'Fiets',
      'Parkeren',
      'Wonen & Bouwen',
      'Zorg/Welzijn',
    ])
  })
})
