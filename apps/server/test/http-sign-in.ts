import { randomBytes } from 'node:crypto'
import { CookieJar } from './cookie-jar.ts'
import { DEFAULT_SCOPE, pkcePair } from './oidc-flow.ts'

/**
 * Signs a demo account in at the server's built-in identity provider over real HTTP, as the
 * web app and a browser do it together: authorization code flow with PKCE, the provider's
 * cookies kept by path, redirects followed by hand. The API takes the id token as bearer.
 */
export interface SignedIn {
  idToken: string
  /** When the id token expires (ms since the epoch). */
  expiresAt: number
}

/** The web app's client id (`OIDC_CLIENT_ID`'s default). */
const CLIENT_ID = 'dataportaal'

export async function signIn(
  baseUrl: string,
  account: 'medewerker' | 'beheerder',
): Promise<SignedIn> {
  const jar = new CookieJar()
  const send = async (target: string, init: RequestInit = {}) => {
    const url = new URL(target, baseUrl)
    const cookie = jar.header(url.pathname)
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    jar.remember(response.headers.getSetCookie())
    await response.arrayBuffer()
    return response
  }
  const locationOf = (response: Response, step: string) => {
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(
        `sign-in at ${baseUrl}/oidc (the built-in identity provider) failed at ${step}: ` +
          `HTTP ${response.status}. Is OIDC_AUTHORITY unset and PUBLIC_URL ${baseUrl}?`,
      )
    }
    return location
  }
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

  const redirectUri = `${baseUrl}/`
  const { verifier, challenge } = pkcePair()
  const state = randomBytes(8).toString('hex')
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: DEFAULT_SCOPE,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  })
  const interaction = locationOf(await send(`/oidc/auth?${query.toString()}`), 'authorize')
  await send(interaction)
  const resume = locationOf(await send(`${interaction}/login`, form({ account })), 'login')
  const callback = new URL(locationOf(await send(resume), 'resume'), baseUrl)
  const code = callback.searchParams.get('code')
  if (!code || callback.searchParams.get('state') !== state) {
    throw new Error(`sign-in: no code for this state in ${callback.href}`)
  }
  const started = Date.now()
  const tokens = await fetch(
    new URL('/oidc/token', baseUrl),
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }),
  )
  const body = (await tokens.json()) as { id_token?: string; expires_in?: number }
  if (!tokens.ok || !body.id_token) throw new Error(`sign-in: token endpoint ${tokens.status}`)
  return { idToken: body.id_token, expiresAt: started + (body.expires_in ?? 600) * 1000 }
}
