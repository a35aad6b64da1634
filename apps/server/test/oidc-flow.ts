import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Response as InjectResponse } from 'light-my-request'
import { CookieJar } from './cookie-jar.ts'

/**
 * A browser's part of the authorization code flow with PKCE, driven by hand through
 * `app.inject()`: it keeps the provider's cookies (by path) and follows what a browser
 * would follow.
 */
export class Browser {
  private readonly cookies = new CookieJar()

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { url: string }): Promise<InjectResponse> {
    const target = new URL(options.url, 'http://localhost')
    const cookie = this.cookies.header(target.pathname)
    const response = await this.app.inject({
      ...options,
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
    })
    this.cookies.remember([response.headers['set-cookie'] ?? []].flat())
    return response
  }

  get = (url: string) => this.request({ method: 'GET', url })

  postForm = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    })
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export interface TokenResponse {
  id_token: string
  access_token: string
  refresh_token?: string
  expires_in: number
  token_type: string
  scope: string
}

export interface FlowOptions {
  clientId: string
  redirectUri: string
  scope?: string
}

export const DEFAULT_SCOPE = 'openid profile email offline_access'

/** GET /oidc/auth for a new sign-in; answers where the provider sends the browser. */
export async function startSignIn(browser: Browser, options: FlowOptions) {
  const pkce = pkcePair()
  const state = randomBytes(8).toString('hex')
  const query = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    scope: options.scope ?? DEFAULT_SCOPE,
    redirect_uri: options.redirectUri,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  })
  const response = await browser.get(`/oidc/auth?${query.toString()}`)
  return { response, pkce, state }
}

/** Exchanges a code (or a refresh token) at the token endpoint, as the web app does. */
export async function tokenRequest(browser: Browser, form: Record<string, string>) {
  return browser.postForm('/oidc/token', form)
}

/** The whole flow: sign-in page, the chosen account's button, code, tokens. */
export async function signInAs(
  browser: Browser,
  account: string,
  options: FlowOptions,
): Promise<TokenResponse> {
  const { response, pkce, state } = await startSignIn(browser, options)
  const interaction = response.headers.location
  if (response.statusCode !== 303 || !interaction) {
    throw new Error(`no interaction: ${response.statusCode} ${response.body}`)
  }
  await browser.get(interaction)
  const login = await browser.postForm(`${interaction}/login`, { account })
  const resumed = await browser.get(String(login.headers.location))
  const callback = new URL(String(resumed.headers.location))
  if (callback.searchParams.get('state') !== state) throw new Error(`state lost: ${callback.href}`)
  const tokens = await tokenRequest(browser, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: options.redirectUri,
    client_id: options.clientId,
    code_verifier: pkce.verifier,
  })
  if (tokens.statusCode !== 200) throw new Error(`token: ${tokens.statusCode} ${tokens.body}`)
  return tokens.json<TokenResponse>()
}
