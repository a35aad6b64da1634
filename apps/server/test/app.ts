import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, apiPaths, type SearchResponse } from '@dataportaal/contract'
import type { FastifyInstance } from 'fastify'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import type { Response as LightMyRequestResponse } from 'light-my-request'
import { afterAll, beforeAll, expect } from 'vitest'
import { buildApp, type AppDeps } from '../src/app.ts'
import { createSignIn } from '../src/auth/sign-in.ts'
import { createTokenVerifier, localKeys } from '../src/auth/verify-token.ts'
import { loadConfig } from '../src/config.ts'
import type { Db } from '../src/db/client.ts'
import type { FollowedIndex } from '../src/features/search/memory/followed-index.ts'
import type { FileStore } from '../src/storage/file-store.ts'
import { LocalFileStore } from '../src/storage/local-file-store.ts'
import { createTestDb, madeBeforeAll } from './db.ts'

export const TEST_ISSUER = 'https://idp.test.local'
export const TEST_AUDIENCE = 'dataportaal-test'
export const ADMIN_GROUP = 'portal-admins'

export interface TestIdentity {
  oid: string
  name: string
  email: string
  groups?: string[]
}

export const EMPLOYEE: TestIdentity = {
  oid: 'oid-medewerker',
  name: 'Mirjam Medewerker',
  email: 'medewerker@voorbeeldstad.nl',
}
export const OTHER_EMPLOYEE: TestIdentity = {
  oid: 'oid-collega',
  name: 'Cor Collega',
  email: 'collega@voorbeeldstad.nl',
}
export const ADMIN: TestIdentity = {
  oid: 'oid-beheerder',
  name: 'Bert Beheerder',
  email: 'beheerder@voorbeeldstad.nl',
  groups: [ADMIN_GROUP],
}

export interface CallOptions {
  query?: Record<string, string>
  prefix?: string
  /** A JSON body. */
  body?: unknown
}

export interface TestContext {
  app: FastifyInstance
  db: Db
  store: FileStore
  dataDir: string
  /** A signed id token as the identity provider would issue it. */
  tokenFor(
    identity: TestIdentity,
    options?: { expiresIn?: string; audience?: string },
  ): Promise<string>
  /**
   * Calls the app as `as` (a visitor when null) on `/api` unless another prefix is given,
   * with the query as URL parameters; the answer's status, parsed body and raw response.
   */
  call<T = unknown>(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    as: TestIdentity | null,
    options?: CallOptions,
  ): Promise<{ status: number; body: T; response: LightMyRequestResponse }>
  close(): Promise<void>
}

export interface TestContextOptions {
  /** Another database than a fresh one of createTestDb (migrated; closed with the context). */
  db?: () => Promise<Db>
  /** The app's logger (Fastify's option); none by default. */
  logger?: AppDeps['logger']
  /**
   * Sign in through the built-in development identity provider, as `npm start` does,
   * instead of the test key. `tokenFor` tokens are then refused (another key).
   */
  devIdp?: boolean
  /** Extra environment for the configuration. */
  env?: Record<string, string>
  /** Another file store than DATA_DIR/files (e.g. Azurite's, test/azurite.ts). */
  store?: (dataDir: string) => Promise<FileStore>
  /**
   * The search entries in memory, made on the test's database, so a test can bring them up
   * to date (`ready()`) before it asks; the app makes its own if absent.
   */
  searchIndex?: (db: Db) => FollowedIndex
}

/** The real app on a fresh database, with a local signing key standing in for the IdP. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const db = options.db ? await options.db() : await createTestDb()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'))
  const store = options.store
    ? await options.store(dataDir)
    : new LocalFileStore(path.join(dataDir, 'files'))
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256' }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    OIDC_CLIENT_ID: TEST_AUDIENCE,
    ...(options.devIdp ? {} : { ADMIN_GROUPS: ADMIN_GROUP }),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Test files run two at a time on two cores, so the event loop's delay says more about
    // the machine than about the app; shedding on it is tested on its own
    // (http/overload.test.ts). The database queue check stays on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Every test request comes from one address; the per-client limit of searches is tested
    // on its own (features/search/client-limit.test.ts).
    SEARCH_RATE_LIMIT_PER_MINUTE: '0',
    ...options.env,
  })
  const signIn = options.devIdp
    ? await createSignIn({ config, db })
    : {
        verifyToken: createTokenVerifier({
          issuer: TEST_ISSUER,
          audience: TEST_AUDIENCE,
          keys: localKeys({ keys: [jwk] }),
        }),
        devIdp: undefined,
      }
  const app = await buildApp({
    config,
    db,
    store,
    verifyToken: signIn.verifyToken,
    devIdp: signIn.devIdp,
    searchIndex: options.searchIndex?.(db),
    logger: options.logger,
  })
  await app.ready()
  const tokenFor: TestContext['tokenFor'] = (identity, options = {}) =>
    new SignJWT({
      oid: identity.oid,
      name: identity.name,
      preferred_username: identity.email,
      email: identity.email,
      groups: identity.groups ?? [],
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(TEST_ISSUER)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setSubject(identity.oid)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(privateKey)
  async function call<T>(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    as: TestIdentity | null,
    { query = {}, prefix = API_PREFIX.authenticated, body }: CallOptions = {},
  ) {
    const search = new URLSearchParams(query).toString()
    const response = await app.inject({
      method,
      url: `${prefix}${path}${search ? `?${search}` : ''}`,
      headers: as ? { authorization: `Bearer ${await tokenFor(as)}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    })
    // A 204 has no body to parse; the caller names the type it expects.
    const parsed = (response.body === '' ? undefined : response.json()) as T
    return { status: response.statusCode, body: parsed, response }
  }
  return {
    app,
    db,
    store,
    dataDir,
    tokenFor,
    call,
    close: async () => {
      await app.close()
      await db.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A search as a visitor sees it (`/pubapi/search`), or as `as` on `/api`: the answer, which
 * must be 200.
 */
export async function searchAs(
  ctx: TestContext,
  query: Record<string, string>,
  as: TestIdentity | null = null,
): Promise<SearchResponse> {
  const { status, body } = await ctx.call<SearchResponse>('GET', apiPaths.search, as, {
    prefix: as ? API_PREFIX.authenticated : API_PREFIX.public,
    query,
  })
  expect(status).toBe(200)
  return body
}

/**
 * The test context of the file or `describe` it is called in: made before its first test
 * (after the hooks registered before this call), closed after its last. Usable at once;
 * its members are the context's from then on. Options computed in an earlier hook can be
 * given as a function.
 */
export function useTestContext(
  options: TestContextOptions | (() => TestContextOptions | Promise<TestContextOptions>) = {},
): TestContext {
  let context: TestContext | undefined
  beforeAll(async () => {
    context = await createTestContext(typeof options === 'function' ? await options() : options)
  })
  afterAll(() => context?.close())
  return madeBeforeAll(() => context, 'useTestContext')
}
