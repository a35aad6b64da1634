import type { Account } from './auth-client.ts'

/** The tokens of a sign-in; a visitor's token response is an empty object (spec section 3). */
export interface TokenResponse {
  idToken: string
  accessToken: string
  /** Seconds since the epoch. */
  expiresAt: number | undefined
  scopes: string[]
}

export type EmptyTokenResponse = Record<string, never>

/** Who the user is, as spec section 3 lists it, plus the admin flag of section 6. */
export interface AuthState {
  tokenResponse: TokenResponse | EmptyTokenResponse
  authenticated: boolean
  emailAddress: string
  userName: string
  /** The account id: Entra ID's object id, else the subject. */
  userAADId: string
  assignedGroups: string[]
  /** Only decides what is shown; the server checks every call itself. */
  isAdmin: boolean
}

export const VISITOR: AuthState = {
  tokenResponse: {},
  authenticated: false,
  emailAddress: '',
  userName: '',
  userAADId: '',
  assignedGroups: [],
  isAdmin: false,
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/**
 * The login result as auth state. No account (a null or empty response) means not
 * authenticated, with the identity fields cleared.
 */
export function authStateFor(account: Account | null, isAdmin = false): AuthState {
  if (!account?.idToken) return VISITOR
  const { claims } = account
  const groups = claims['groups']
  return {
    tokenResponse: {
      idToken: account.idToken,
      accessToken: account.accessToken,
      expiresAt: account.idTokenExpiresAt,
      scopes: account.scopes,
    },
    authenticated: true,
    emailAddress: text(claims['preferred_username']) ?? text(claims['email']) ?? '',
    userName: text(claims['name']) ?? '',
    userAADId: text(claims['oid']) ?? text(claims['sub']) ?? '',
    assignedGroups: Array.isArray(groups)
      ? groups.filter((group): group is string => typeof group === 'string')
      : [],
    isAdmin,
  }
}
