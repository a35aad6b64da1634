import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.ts'
import { faultOf, FuzzClient } from './fuzz/client.ts'
import { listenOnLoopback } from './listening.ts'
import { HOSTILE_TEXT, percentEncode, RAW_URL_PIECES } from './fuzz/hostile.ts'
import type { FuzzRequest } from './fuzz/requests.ts'

/**
 * The paths the OpenAPI document does not list: its own docs (/api/docs), the web app's
 * fallback and the development identity provider (/oidc, as `npm start` serves it). No 5xx
 * and no dropped connection anywhere. A 4xx is problem details except under /oidc, which
 * speaks OAuth: its errors are the protocol's JSON and pages (RFC 6749, OpenID Connect).
 * Same knobs as fuzz.test.ts: FUZZ_SEED, FUZZ_RUNS (a third of them here).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 12_2024)
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 1_700) / 3)

let ctx: TestContext
let client: FuzzClient
let bases: string[]

beforeAll(async () => {
  ctx = await createTestContext({ devIdp: true })
  const port = await listenOnLoopback(ctx.app)
  client = new FuzzClient(port)
  const origin = `http://127.0.0.1:${port}`
  const discovery = (await (
    await fetch(`${origin}/oidc/.well-known/openid-configuration`)
  ).json()) as Record<string, unknown>
  const endpoints = Object.values(discovery)
    .filter((value): value is string => typeof value === 'string' && value.startsWith('http'))
    .map((value) => new URL(value).pathname)
  bases = [
    ...new Set([
      '/',
      '/api/docs',
      '/api/docs/static',
      '/api/docs/json',
      '/oidc/interaction',
      ...endpoints,
    ]),
  ]
})

afterAll(async () => {
  client?.close()
  await ctx?.close()
})

const OAUTH_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'prompt',
  'code',
  'token',
]

// NUL is what PostgreSQL refuses; the dev IdP keeps its state there.
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT).map(percentEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  { weight: 1, arbitrary: fc.constantFrom('%00', 'a%00b') },
)

const requests = (): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      base: fc.constantFrom(...bases),
      segment: fc.option(piece),
      query: fc
        .subarray(OAUTH_PARAMETERS)
        .chain((names) =>
          fc.tuple(...names.map((name) => piece.map((value) => [name, value] as const))),
        ),
      post: fc.boolean(),
      cookie: fc.option(piece),
    })
    .map(({ base, segment, query, post, cookie }) => {
      const path = segment === null ? base : `${base.replace(/\/$/, '')}/${segment}`
      const search = query.map(([name, value]) => `${name}=${value}`).join('&')
      return {
        method: post ? 'POST' : 'GET',
        url: !post && search ? `${path}?${search}` : path,
        headers: {
          ...(post && { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(cookie !== null && { cookie: `_session=${cookie}; _interaction=${cookie}` }),
        },
        ...(post && { body: Buffer.from(search) }),
        label: `${post ? 'POST' : 'GET'} ${base}`,
        replacesAuth: false,
      }
    })

it(`answers ${RUNS} hostile requests outside the OpenAPI document without a 5xx or a dropped connection`, async () => {
  const faults: string[] = []
  await fc.assert(
    fc.asyncProperty(requests(), async (request) => {
      try {
        const answer = await client.send(request, undefined)
        const fault = faultOf(request, answer)
        const protocolError = request.url.startsWith('/oidc') && answer.status < 500
        if (fault && !protocolError)
          faults.push(
            `${fault}: ${request.method} ${request.url} ${request.body?.toString() ?? ''}\n  ${answer.body.slice(0, 300)}`,
          )
      } catch (error) {
        faults.push(`no answer (${(error as Error).message}): ${request.method} ${request.url}`)
      }
    }),
    { seed: SEED, numRuns: RUNS },
  )
  expect(faults, `seed ${SEED}`).toEqual([])
  expect(client.sent).toBeGreaterThanOrEqual(RUNS)
}, 300_000)
