import { createHash, randomBytes } from 'node:crypto'
import { STORAGE_KEYS, type PublicConfig } from '@dataportaal/contract'
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test'
import { z } from 'zod'
import { fetchPublicConfig } from './portal.ts'
import { API, ROUTES } from './routes.ts'
import { TEXTS } from './texts.ts'

/** The demo accounts of the built-in development identity provider. */
export const ACCOUNTS = {
  medewerker: { button: 'Inloggen als medewerker', name: 'Mirjam Medewerker' },
  beheerder: { button: 'Inloggen als beheerder', name: 'Bert Beheerder' },
} as const
export const ADMIN_ITEMS = ['Dashboard', 'Data Validatie', "Thema's", 'Labels', 'Harvesten']

type AccountName = keyof typeof ACCOUNTS

/**
 * The sign-in a person goes through: first visit → 'Inloggen voor medewerkers' → the
 * provider's sign-in page → back at '/'. sign-in.spec.ts follows it; the other journeys,
 * whose subject comes after signing in, use `signInAs`.
 */
export async function signInThroughTheProvider(page: Page, account: AccountName) {
  await page.goto(ROUTES.home)
  await page.getByRole('button', { name: TEXTS.employeeSignIn }).click()
  await page.getByRole('button', { name: ACCOUNTS[account].button }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home && url.search === '')
  await expect(userMenuButton(page, ACCOUNTS[account].name)).toBeVisible()
}

/**
 * Signs `page`'s browser in as `account` and opens `path` (by default home), signed in: the
 * authorization code flow with PKCE of the pages, its requests sent from here in the
 * browser's cookie jar (so the provider's session is the browser's), and the tokens stored
 * where the web app's identity library keeps a signed-in user, so that start-up finds them
 * as after a reload. Each call is a grant of its own: no two pages share a refresh token,
 * which rotates. About 1.5 s instead of 2.7 for the pages' three page loads.
 */
export async function signInAs(page: Page, account: AccountName, path: string = ROUTES.home) {
  const { auth } = await fetchPublicConfig(page.request)
  const user = await signedInUser(page.request, auth, account)
  // Any page of the origin will do to reach its storage; this one runs no script. Stored with
  // the user: the choice the sign-in button stores before it leaves for the provider.
  await page.goto(API.config)
  const stored: Record<string, string> = {
    [`oidc.user:${auth.authority}:${auth.clientId}`]: JSON.stringify(user),
    [STORAGE_KEYS.choice]: 'employees',
  }
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, stored)
  await page.goto(path)
  await expect(userMenuButton(page, ACCOUNTS[account].name)).toBeVisible()
}

/** The provider's sign-in for `account`, as the identity library stores its outcome (a User). */
async function signedInUser(
  request: APIRequestContext,
  auth: PublicConfig['auth'],
  account: AccountName,
) {
  const appRoot = new URL(ROUTES.home, test.info().project.use.baseURL).href
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(16).toString('base64url')
  const authorize = new URL(`${auth.authority}/auth`)
  authorize.search = new URLSearchParams({
    client_id: auth.clientId,
    redirect_uri: appRoot,
    response_type: 'code',
    scope: auth.scopes.join(' '),
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()

  // The provider's sign-in page, the account's button, and the provider back to the app.
  const signInPage = redirectTarget(await request.get(authorize.href, { maxRedirects: 0 }))
  const form = { form: { account }, maxRedirects: 0 }
  const resumed = redirectTarget(await request.post(`${signInPage}/login`, form))
  const back = new URL(redirectTarget(await request.get(resumed, { maxRedirects: 0 })))
  expect(back.searchParams.get('state'), 'the state sent to the provider').toBe(state)
  const code = back.searchParams.get('code')
  if (code === null) throw new Error(`The provider answered without a code: ${back.href}`)

  const answer = await request.post(`${auth.authority}/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: appRoot,
      client_id: auth.clientId,
      code_verifier: verifier,
    },
  })
  expect(answer.ok(), `POST ${auth.authority}/token`).toBe(true)
  const tokens = TokenResponse.parse(await answer.json())
  return {
    id_token: tokens.id_token,
    session_state: null,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile: profileOf(tokens.id_token),
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  }
}

/** What the provider's token endpoint answers to the code (the fields the library keeps). */
const TokenResponse = z.object({
  id_token: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  scope: z.string(),
  expires_in: z.number(),
})

/** Claims of the protocol itself, which the identity library leaves out of a user's profile. */
const PROTOCOL_CLAIMS = new Set([
  'nbf',
  'jti',
  'auth_time',
  'nonce',
  'acr',
  'amr',
  'azp',
  'at_hash',
])

/** The claims the identity library keeps of an id token. */
function profileOf(idToken: string): Record<string, unknown> {
  const [, payload = ''] = idToken.split('.')
  const claims = z
    .record(z.string(), z.unknown())
    .parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.has(name)))
}

function redirectTarget(response: APIResponse) {
  expect([302, 303], `${response.url()} redirects`).toContain(response.status())
  const location = response.headers()['location']
  if (!location) throw new Error(`${response.url()} redirects without a Location`)
  return new URL(location, response.url()).href
}

export const userMenuButton = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(name) })
