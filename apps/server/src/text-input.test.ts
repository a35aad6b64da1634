import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  MULTI_LINE_TEXT,
  type Problem,
  SINGLE_LINE_TEXT,
  TEXT_MESSAGES,
} from '@dataportaal/contract'
import type { Response as LightMyRequestResponse } from 'light-my-request'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../test/app.ts'
import { postUpload } from './features/uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from './features/uploads/testing-files.ts'
import { ensureNamed } from './features/vocabulary/service.ts'

/** The one rule for text input (issue 12): what PostgreSQL or a person cannot use is refused. */

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

function expectRefused(response: LightMyRequestResponse, path: string) {
  expect(response.statusCode, response.body).toBe(422)
  expect(response.headers['content-type']).toContain('application/problem+json')
  const problem = response.json<Problem>()
  expect(problem.errors?.map((error) => error.path)).toContain(path)
  return problem
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>
  components?: { schemas?: Record<string, unknown> }
}

/**
 * Every string a request may carry (path, query, header and body parameters, JSON bodies)
 * that neither carries the text rule as its pattern nor is a uuid, a date, a file or a choice.
 */
function stringsWithoutRule(document: OpenApiDocument): string[] {
  const rules = [SINGLE_LINE_TEXT.source, MULTI_LINE_TEXT.source]
  const found: string[] = []
  let strings = 0
  const visit = (schema: unknown, at: string, seen: ReadonlySet<string>): void => {
    if (Array.isArray(schema)) return schema.forEach((item, i) => visit(item, `${at}[${i}]`, seen))
    if (typeof schema !== 'object' || schema === null) return
    const node = schema as Record<string, unknown>
    if (typeof node.$ref === 'string') {
      if (seen.has(node.$ref)) return
      const name = node.$ref.replace('#/components/schemas/', '')
      return visit(document.components?.schemas?.[name], at, new Set([...seen, node.$ref]))
    }
    const types = [node.type].flat()
    if (types.includes('string')) {
      strings++
      const choice = 'enum' in node || 'const' in node
      // Files travel as binary parts: they are checked as files, not as text. A date-time
      // (the DCAT catalogue's modified_since) is checked by its ISO 8601 format, as a date.
      const safeFormat = ['uuid', 'date', 'date-time', 'binary'].includes(String(node.format))
      if (!choice && !safeFormat && !rules.includes(String(node.pattern))) found.push(at)
    }
    for (const [key, value] of Object.entries(node)) visit(value, `${at}.${key}`, seen)
  }
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const { parameters, requestBody } = operation as {
        parameters?: Array<{ in: string; name: string; schema: unknown }>
        requestBody?: unknown
      }
      for (const parameter of parameters ?? []) {
        visit(parameter.schema, `${method} ${path} ${parameter.in}.${parameter.name}`, new Set())
      }
      visit(requestBody, `${method} ${path} body`, new Set())
    }
  }
  if (strings === 0) found.push('no request strings found at all')
  return found
}

describe('the text rule in the OpenAPI document', () => {
  it('is the pattern of every string a request can carry', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>()
    expect(Object.keys(document.paths).length).toBeGreaterThan(20)
    expect(stringsWithoutRule(document)).toEqual([])
  })

  it('notices a request string without it', () => {
    const document: OpenApiDocument = {
      paths: {
        '/a/{name}': {
          get: { parameters: [{ in: 'path', name: 'name', schema: { type: 'string' } }] },
          put: {
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } },
            },
          },
        },
      },
      components: {
        schemas: {
          B: { type: 'object', properties: { note: { type: ['string', 'null'], maxLength: 9 } } },
        },
      },
    }
    expect(stringsWithoutRule(document)).toEqual([
      'get /a/{name} path.name',
      'put /a/{name} body.content.application/json.schema.properties.note',
    ])
  })
})

describe('text with NUL or other control characters', () => {
  it('is refused in a path with 422, not passed on to PostgreSQL', async () => {
    const refusals = [
      await ctx.call('DELETE', apiPaths.tag('\u0000'), ADMIN),
      await ctx.call('DELETE', apiPaths.followedTag('\u0000'), EMPLOYEE),
      await ctx.call('GET', apiPaths.tagFollowers('\u0000'), EMPLOYEE),
      await ctx.call('GET', apiPaths.tagDocuments('Af\u0000val'), EMPLOYEE),
      await ctx.call('GET', apiPaths.complete('fi\u0000ets'), null, { prefix: API_PREFIX.public }),
    ]
    for (const { response } of refusals.slice(0, 4)) expectRefused(response, 'params.name')
    expectRefused(refusals[4]!.response, 'params.query')
  })

  it('is refused in query parameters', async () => {
    const search = (query: Record<string, string>) =>
      ctx.call('GET', apiPaths.search, null, { prefix: API_PREFIX.public, query })
    expectRefused((await search({ query: 'fiets\u0000' })).response, 'querystring.query')
    expectRefused((await search({ query: 'fiets\u001b[2J' })).response, 'querystring.query')
    expectRefused((await search({ tags: 'Afval\u0085' })).response, 'querystring.tags')
    expectRefused((await search({ source: 'Stad\tbeheer' })).response, 'querystring.source')
    const follow = await ctx.call('PUT', apiPaths.followedTags, EMPLOYEE, {
      query: { data: 'Afval\u0000' },
    })
    expectRefused(follow.response, 'querystring.data')
  })

  it('accepts a pasted tab or line break in the search box as whitespace', async () => {
    const search = await ctx.call('GET', apiPaths.search, null, {
      prefix: API_PREFIX.public,
      query: { query: 'fiets\tparkeren\r\nstation' },
    })
    expect(search.status).toBe(200)
    const complete = await ctx.call('GET', apiPaths.complete('fiets\npark'), null, {
      prefix: API_PREFIX.public,
    })
    expect(complete.status).toBe(200)
  })

  it('is refused in a JSON body, a lone surrogate included', async () => {
    const created = await ctx.call('PUT', apiPaths.tags, ADMIN, { body: { name: 'Ver\u0000keer' } })
    const problem = expectRefused(created.response, 'body.name')
    expect(problem.errors?.[0]?.message).toBe(
      'Een naam mag geen tabs, regeleinden of andere stuurtekens bevatten.',
    )
    const surrogate = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX.authenticated}${apiPaths.tags}`,
      headers: {
        authorization: `Bearer ${await ctx.tokenFor(ADMIN)}`,
        'content-type': 'application/json',
      },
      payload: '{"name":"Verkeer\\ud800"}',
    })
    expectRefused(surrogate, 'body.name')

    const question = await ctx.call('POST', '', null, {
      prefix: API_PREFIX.mail,
      body: {
        name: 'Jan Jansen',
        email: 'jan@example.org',
        subject: 'Bomen',
        message: 'Welke bomen\u0000 staan er?',
        consent: true,
      },
    })
    expect(expectRefused(question.response, 'body.message').errors?.[0]?.message).toBe(
      TEXT_MESSAGES.multiLine,
    )
  })

  it('is refused in a form field of an upload; a description keeps its line breaks', async () => {
    const file = fileOf('straat;aantal\nMarktstraat;12\n', 'tellingen.csv')
    const refused = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, title: 'Tellingen\u0000 2024' }, [file]),
    )
    expectRefused(refused, 'body.title')
    const badTheme = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, themes: ['Afval', 'Af\u0007val'] }, [file]),
    )
    expectRefused(badTheme, 'body.themes')

    const description = 'Eerste alinea.\n\nTweede alinea:\n\t- een punt'
    const accepted = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, description }, [
        fileOf('straat;aantal\nMarktstraat;12\n', 'tel\u0000lin\u0007gen\u009b.csv'),
      ]),
    )
    expect(accepted.statusCode, accepted.body).toBe(201)
    const id = accepted.json<{ contentUID: string }>().contentUID
    const { body: document } = await ctx.call<DocumentDetail>(
      'GET',
      apiPaths.document(id),
      EMPLOYEE,
    )
    // A browser's form sends line breaks as CRLF; the lines are kept.
    expect(document.description.split(/\r?\n/)).toEqual(description.split('\n'))
    expect(document.files.map((f) => f.fileName)).toEqual(['tellingen.csv'])
  })
})
