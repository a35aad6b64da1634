import {
  API_PREFIX,
  apiPaths,
  type ManagedVocabularyItem,
  type ManagedVocabularyList,
  type Problem,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { parseTurtle } from '../../../test/rdf.ts'
import { CATALOGUE_PATH } from '../dcat/graph.ts'

/** The EU data-theme list and DCAT, as a harvester reads them: written out, not imported. */
const DATA_THEME = 'http://publications.europa.eu/resource/authority/data-theme/'
const DCAT_THEME = 'http://www.w3.org/ns/dcat#theme'

let fietsplan = ''

const ctx = useTestContext()

beforeAll(async () => {
  fietsplan = await createDocument(ctx.db, { title: 'Fietsplan 2030', themes: ['Fiets'] })
  await createDocument(ctx.db, { title: 'Intern overzicht', themes: ['Wonen'], labels: ['Intern'] })
})

const setEuTheme = (name: string, body: unknown, as = ADMIN) =>
  ctx.call<ManagedVocabularyItem & Problem>('PUT', apiPaths.tagEuTheme(name), as, { body })

async function adminList(path: string) {
  return (await ctx.call<ManagedVocabularyList>('GET', path, ADMIN)).body.Results
}

const mappingOf = async (name: string) =>
  (await adminList(apiPaths.managedTags)).find((item) => item.name === name)?.euTheme

/** The EU data themes the public catalogue gives the dataset of a document. */
async function catalogueThemes(documentId: string): Promise<string[]> {
  const response = await ctx.app.inject({ url: `${CATALOGUE_PATH}?format=ttl` })
  expect(response.statusCode).toBe(200)
  return parseTurtle(response.body)
    .filter(
      (quad) =>
        quad.subject.value.endsWith(`/documenten/${documentId}#dataset`) &&
        quad.predicate.value === DCAT_THEME,
    )
    .map((quad) => quad.object.value)
}

describe('the admin lists', () => {
  it('give each theme its EU data theme (null when unmapped) and labels none', async () => {
    expect(await adminList(apiPaths.managedTags)).toEqual([
      expect.objectContaining({ name: 'Fiets', euTheme: null }),
      expect.objectContaining({ name: 'Wonen', euTheme: null }),
    ])
    const labels = await adminList(apiPaths.managedLabels)
    expect(labels.map((label) => label.name)).toEqual(['Intern'])
    expect(labels[0]).not.toHaveProperty('euTheme')
  })
})

describe('mapping a theme to an EU data theme', () => {
  it('sets, changes and unsets it, and the DCAT catalogue follows at once', async () => {
    expect(await catalogueThemes(fietsplan)).toEqual([`${DATA_THEME}GOVE`])

    const set = await setEuTheme('fiets', { euTheme: 'TRAN' })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Fiets',
      documents: 1,
      euTheme: 'TRAN',
    })
    expect(await mappingOf('Fiets')).toBe('TRAN')
    expect(await catalogueThemes(fietsplan)).toEqual([`${DATA_THEME}TRAN`])

    const changed = await setEuTheme('Fiets', { euTheme: 'REGI' })
    expect(changed.body.euTheme).toBe('REGI')
    expect(await mappingOf('Fiets')).toBe('REGI')
    expect(await catalogueThemes(fietsplan)).toEqual([`${DATA_THEME}REGI`])

    const unset = await setEuTheme('Fiets', { euTheme: null })
    expect(unset.status).toBe(200)
    expect(unset.body.euTheme).toBeNull()
    expect(await mappingOf('Fiets')).toBeNull()
    // Unmapped again: the catalogue's fallback.
    expect(await catalogueThemes(fietsplan)).toEqual([`${DATA_THEME}GOVE`])
    expect(await mappingOf('Wonen')).toBeNull()
  })

  it('logs each change in the audit log, and nothing when the mapping stays the same', async () => {
    await ctx.db.query('delete from audit_log')
    await setEuTheme('Wonen', { euTheme: 'REGI' })
    await setEuTheme('Wonen', { euTheme: 'REGI' })
    await setEuTheme('Wonen', { euTheme: null })
    const audit = await ctx.db.query<{ action: string; details: unknown; actor: string }>(
      `select a.action, a.details, e.email as actor
         from audit_log a join employees e on e.id = a.actor_id order by a.id`,
    )
    expect(audit).toEqual([
      {
        action: 'theme_eu_theme_changed',
        details: { theme: 'Wonen', euTheme: 'REGI', previous: null },
        actor: ADMIN.email,
      },
      {
        action: 'theme_eu_theme_changed',
        details: { theme: 'Wonen', euTheme: null, previous: 'REGI' },
        actor: ADMIN.email,
      },
    ])
  })

  it('answers 404 problem+json for a theme that does not exist', async () => {
    const { status, body, response } = await setEuTheme('Bestaat niet', { euTheme: 'TRAN' })
    expect(status).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(body.detail).toBe('Dit thema bestaat niet.')
  })

  it.each([
    ['an unknown code', { euTheme: 'XYZ' }],
    ['a code in lower case', { euTheme: 'tran' }],
    ['no euTheme at all', {}],
  ])('refuses %s with 422 naming the field, changing nothing', async (_case, body) => {
    await setEuTheme('Fiets', { euTheme: 'ENVI' })
    const { status, body: problem, response } = await setEuTheme('Fiets', body)
    expect(status).toBe(422)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(problem.errors).toEqual([{ path: 'body.euTheme', message: expect.stringMatching(/\S/) }])
    expect(await mappingOf('Fiets')).toBe('ENVI')
  })

  it('names the list in Dutch when the code is not on it, and refuses other fields', async () => {
    const wrong = await setEuTheme('Fiets', { euTheme: 'XYZ' })
    expect(wrong.body.errors).toEqual([
      { path: 'body.euTheme', message: 'Kies een EU-datathema uit de lijst.' },
    ])
    expect((await setEuTheme('Fiets', { euTheme: 'TRAN', name: 'x' })).status).toBe(422)
  })

  it('refuses a visitor (401) and an employee (403), and is not served on /pubapi', async () => {
    await setEuTheme('Fiets', { euTheme: 'ENVI' })
    const body = { euTheme: 'TRAN' }
    expect((await ctx.call('PUT', apiPaths.tagEuTheme('Fiets'), null, { body })).status).toBe(401)
    expect((await setEuTheme('Fiets', body, EMPLOYEE)).status).toBe(403)
    const pub = await ctx.call('PUT', apiPaths.tagEuTheme('Fiets'), null, {
      body,
      prefix: API_PREFIX.public,
    })
    expect([404, 405]).toContain(pub.status)
    expect(await mappingOf('Fiets')).toBe('ENVI')
  })
})
