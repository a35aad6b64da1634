import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, createTestContext, EMPLOYEE, type TestContext } from './app.ts'
import { faultOf, FuzzClient, type Answer } from './fuzz/client.ts'
import { listenOnLoopback } from './listening.ts'
import type { Pools } from './fuzz/from-schema.ts'
import { operationsOf, type OpenApiDocument, type Operation } from './fuzz/openapi.ts'
import { requestFor, type FuzzRequest } from './fuzz/requests.ts'
import { seedCatalogue } from './fuzz/seed.ts'

/**
 * Fuzzing every operation of the served OpenAPI document (docs/operations.md, "Fuzz test").
 * FUZZ_SEED and FUZZ_RUNS change the seed and the number of generated requests (each sent
 * as visitor, employee and admin); FUZZ_PATH replays one failing case that fast-check
 * printed; FUZZ_KEEP_GOING=1 does not stop at the first fault but lists them all.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 12_2024)
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_700)
const REPLAY_PATH = process.env.FUZZ_PATH
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1'
const ROLES = ['visitor', 'employee', 'admin'] as const
type Role = (typeof ROLES)[number]

let ctx: TestContext
let client: FuzzClient
let doc: OpenApiDocument
let pools: Pools
const authorization: Partial<Record<Role, string>> = {}

beforeAll(async () => {
  // A 1 MB upload limit makes 413 cheap to reach.
  ctx = await createTestContext({ env: { MAX_UPLOAD_MB: '1' } })
  pools = await seedCatalogue(ctx)
  const port = await listenOnLoopback(ctx.app)
  client = new FuzzClient(port)
  doc = (await (await fetch(`http://127.0.0.1:${port}/api/docs/json`)).json()) as OpenApiDocument
  authorization.employee = `Bearer ${await ctx.tokenFor(EMPLOYEE, { expiresIn: '1h' })}`
  authorization.admin = `Bearer ${await ctx.tokenFor(ADMIN, { expiresIn: '1h' })}`
})

afterAll(async () => {
  client?.close()
  await ctx?.close()
})

interface Fault {
  role: Role
  request: FuzzRequest
  fault: string
  answer?: Answer
}

const printable = (text: string, max = 600) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

function describeFault({ role, request, fault, answer }: Fault) {
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${printable(v, 120)}`)
  return [
    `${fault} — as ${role}: ${request.method} ${printable(request.url, 300)}`,
    `  made as: ${request.label}`,
    ...(headers.length ? [`  headers: ${headers.join('; ')}`] : []),
    ...(request.body ? [`  body: ${printable(request.body.toString('latin1'), 300)}`] : []),
    ...(answer ? [`  answer: ${answer.contentType} ${printable(answer.body, 400)}`] : []),
  ].join('\n')
}

/** Sends the request as each role in turn; the faults found. */
async function sendAsEveryRole(request: FuzzRequest, statuses: Map<string, number>) {
  const faults: Fault[] = []
  for (const role of ROLES) {
    try {
      const answer = await client.send(request, authorization[role])
      const key = `${request.label.split(',')[0]} -> ${answer.status}`
      statuses.set(key, (statuses.get(key) ?? 0) + 1)
      const fault = faultOf(request, answer)
      if (fault) faults.push({ role, request, fault, answer })
    } catch (error) {
      faults.push({ role, request, fault: `no answer: ${(error as Error).message}` })
    }
  }
  return faults
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('describes every operation completely: $refs resolve, the upload form is documented', () => {
    const operations = operationsOf(doc)
    expect(operations.length).toBeGreaterThan(40)
    const upload = operations.find((op) =>
      op.bodies.some((b) => b.contentType === 'multipart/form-data'),
    )
    expect(upload?.bodies[0]?.schema.properties).toHaveProperty('files')
  })

  it(`answers ${RUNS * ROLES.length} hostile requests without a 5xx, a dropped connection or a non-problem 4xx`, async () => {
    const operations: Operation[] = operationsOf(doc)
    const statuses = new Map<string, number>()
    const allFaults: Fault[] = []
    const started = Date.now()
    const property = fc.asyncProperty(
      fc.constantFrom(...operations).chain((operation) => requestFor(operation, pools)),
      async (request) => {
        const faults = await sendAsEveryRole(request, statuses)
        allFaults.push(...faults)
        if (process.env.FUZZ_PROGRESS === '1') {
          for (const fault of faults) process.stderr.write(`${describeFault(fault)}\n`)
        }
        if (faults.length && !KEEP_GOING) throw new Error(faults.map(describeFault).join('\n'))
      },
    )
    const result = await fc.check(property, {
      seed: SEED,
      numRuns: RUNS,
      ...(REPLAY_PATH && { path: REPLAY_PATH }),
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.info(
      `fuzz: ${client.sent} requests to ${operations.length} operations in ${seconds} s (seed ${SEED})`,
    )
    if (process.env.FUZZ_STATS === '1') console.info([...statuses].sort().join('\n'))
    if (result.failed) {
      const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_PATH=${result.counterexamplePath ?? ''}`
      expect.fail(
        [
          fc.defaultReportMessage(result) ?? '',
          result.errorInstance instanceof Error ? result.errorInstance.message : '',
          `Reproduce from apps/server: ${replay} npx vitest run test/fuzz.test.ts`,
        ].join('\n'),
      )
    }
    if (allFaults.length) {
      const distinct = new Map(
        allFaults.map((f) => [`${f.request.label.split(',')[0]} ${f.fault}`, f]),
      )
      expect.fail(
        `${allFaults.length} faults, ${distinct.size} distinct (seed ${SEED}):\n${[...distinct.values()].map(describeFault).join('\n')}`,
      )
    }
    // Every run was sent as each role; shrinking may add more.
    expect(client.sent).toBeGreaterThanOrEqual(RUNS * ROLES.length)
    // Generated input reaches the services, not only the validation in front of them.
    const answered2xx = [...statuses]
      .filter(([k]) => / -> 2\d\d$/.test(k))
      .reduce((n, [, c]) => n + c, 0)
    expect(answered2xx / client.sent).toBeGreaterThan(0.1)
  }, 600_000)
})
