import type { PublicConfig } from '@dataportaal/contract'
import type { User, UserManager } from 'oidc-client-ts'

/** A signed-in account as the rest of the app sees it, whatever library got it. */
export interface Account {
  /** The bearer token the API verifies (its audience is this app's client id). */
  idToken: string
  accessToken: string
  /** Seconds since the epoch. */
  idTokenExpiresAt: number | undefined
  accessTokenExpiresAt: number | undefined
  scopes: string[]
  claims: Readonly<Record<string, unknown>>
}

/**
 * What the start-up sequence and the session need from the identity library; the
 * browser's implementation is `createAuthClient`, tests give a fake.
 */
export interface AuthClient {
  /** Processes the provider's answer in `url` (code and state, or an error). */
  completeSignIn(url: string): Promise<Account>
  /** The cached account, whether or not its tokens are still valid. */
  getAccount(): Promise<Account | null>
  /** New tokens without user interaction (the refresh token of `offline_access`). */
  renewSilently(): Promise<Account>
  /** Leaves the page for the provider's sign-in page. */
  redirectToSignIn(): Promise<void>
  /** Leaves the page for the provider's logout; it returns to the site root. */
  redirectToSignOut(idTokenHint: string | undefined): Promise<void>
  removeAccount(): Promise<void>
  /**
   * Renews the tokens in the background before they expire, from now on, and hands each
   * renewed account to `onRenewed`.
   */
  keepRenewed(account: Account, onRenewed: (account: Account) => void): void
}

/** Renew this long before a token expires, as the library does for the access token. */
const RENEW_MARGIN_S = 60

export function accountFromUser(user: User): Account {
  return {
    idToken: user.id_token ?? '',
    accessToken: user.access_token,
    idTokenExpiresAt: typeof user.profile.exp === 'number' ? user.profile.exp : undefined,
    accessTokenExpiresAt: user.expires_at,
    scopes: user.scopes,
    claims: user.profile,
  }
}

/** Usable without renewal: an id token that stays valid for at least the renewal margin. */
export function hasValidTokens(account: Account, nowMs: number): boolean {
  if (!account.idToken || account.idTokenExpiresAt === undefined) return false
  return account.idTokenExpiresAt - RENEW_MARGIN_S > nowMs / 1000
}

/**
 * The library renews ahead of the access token's expiry. The API checks the id token,
 * which may expire earlier (Entra ID: id token 60 min, access token 60 to 90 min); then
 * an extra renewal is due before it, otherwise none (null).
 */
export function idTokenRenewalDelayMs(account: Account, nowMs: number): number | null {
  const { idTokenExpiresAt, accessTokenExpiresAt } = account
  if (idTokenExpiresAt === undefined) return null
  if (accessTokenExpiresAt !== undefined && idTokenExpiresAt >= accessTokenExpiresAt) return null
  return Math.max(0, (idTokenExpiresAt - RENEW_MARGIN_S) * 1000 - nowMs)
}

type AuthSettings = PublicConfig['auth']

/** Where oidc-client-ts keeps a signed-in user: `oidc.` + `user:<authority>:<client id>`. */
const USER_STORE_KEY_PREFIX = 'oidc.user:'

function hasStoredUser(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith(USER_STORE_KEY_PREFIX))
  } catch {
    return false
  }
}

/**
 * The browser's client: oidc-client-ts with the authorization code flow (PKCE), its state
 * in local storage (spec section 3), sign-in and logout returning to the site root. The
 * library loads only when needed, so a visitor's first page stays small.
 */
export function createAuthClient(settings: AuthSettings, origin: string): AuthClient {
  const root = `${origin}/`
  let loading: Promise<UserManager> | undefined
  const manager = () => (loading ??= createUserManager(settings, root))

  let renewTimer: ReturnType<typeof setTimeout> | undefined
  const scheduleIdTokenRenewal = (account: Account) => {
    clearTimeout(renewTimer)
    const delay = idTokenRenewalDelayMs(account, Date.now())
    if (delay === null) return
    renewTimer = setTimeout(() => {
      // A failed renewal surfaces as a 401 later, which signs out cleanly.
      manager()
        .then((users) => users.signinSilent())
        .catch((error: unknown) => console.warn('Token renewal failed', error))
    }, delay)
  }

  const toAccount = (user: User | null | undefined): Account => {
    if (!user) throw new Error('The identity provider returned no account')
    return accountFromUser(user)
  }

  return {
    completeSignIn: async (url) => toAccount(await (await manager()).signinCallback(url)),
    getAccount: async () => {
      if (!hasStoredUser()) return null
      const user = await (await manager()).getUser()
      return user ? accountFromUser(user) : null
    },
    renewSilently: async () => toAccount(await (await manager()).signinSilent()),
    redirectToSignIn: async () => (await manager()).signinRedirect(),
    redirectToSignOut: async (idTokenHint) =>
      (await manager()).signoutRedirect({
        id_token_hint: idTokenHint,
        post_logout_redirect_uri: root,
      }),
    removeAccount: async () => {
      clearTimeout(renewTimer)
      const users = await manager()
      users.stopSilentRenew()
      await users.removeUser()
    },
    keepRenewed: (account, onRenewed) => {
      scheduleIdTokenRenewal(account)
      manager()
        .then((users) => {
          users.events.addUserLoaded((user) => {
            const renewed = accountFromUser(user)
            scheduleIdTokenRenewal(renewed)
            onRenewed(renewed)
          })
          users.startSilentRenew()
        })
        .catch((error: unknown) => console.warn('Token renewal could not start', error))
    },
  }
}

async function createUserManager(settings: AuthSettings, root: string): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts')
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: root,
    post_logout_redirect_uri: root,
    response_type: 'code',
    scope: settings.scopes.join(' '),
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Switched on by keepRenewed once start-up is done, so the library never renews at the
    // same moment as start-up does: a refresh token is used once (rotation).
    automaticSilentRenew: false,
  })
}
