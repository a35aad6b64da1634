import type { AuthClient } from './auth-client.ts'
import { VISITOR, type AuthState } from './auth-state.ts'
import { browserStorage, storeSignOut, type FlagStorage } from './stored-flags.ts'

/** The auth state of this page load and what can be done with it. */
export interface AuthSession {
  getState(): AuthState
  subscribe(listener: () => void): () => void
  /** Starts the employee sign-in at the identity provider. */
  signIn(): Promise<void>
  /** Signs out here and at the identity provider, which returns to the site root. */
  signOut(): Promise<void>
}

export interface SessionDeps {
  auth: AuthClient
  storage: FlagStorage
  /** Leaves for another address of this site (a full page load). */
  leaveTo: (url: string) => void
  logger: Pick<Console, 'error'>
}

export interface MutableAuthSession extends AuthSession {
  setState(state: AuthState): void
}

export function createAuthSession(initial: AuthState, deps: SessionDeps): MutableAuthSession {
  const { auth, storage } = deps
  let state = initial
  const listeners = new Set<() => void>()

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setState(next) {
      state = next
      for (const listener of listeners) listener()
    },
    async signIn() {
      storage.write('choice', 'employees')
      try {
        await auth.redirectToSignIn()
      } catch (error) {
        deps.logger.error('Sign-in could not start', error)
      }
    },
    async signOut() {
      const account = await auth.getAccount().catch(() => null)
      storeSignOut(storage)
      try {
        await auth.removeAccount()
        await auth.redirectToSignOut(account?.idToken)
      } catch (error) {
        // Signed out here at least; the provider's session ends at its own expiry.
        deps.logger.error('Logout at the identity provider failed', error)
        deps.leaveTo('/')
      }
    },
  }
}

/**
 * /api refused the token (expired, revoked): sign out here and start again at the site
 * root as a visitor, instead of leaving screens that cannot load. Runs once per page.
 */
export function signOutAfterRefusal(deps: SessionDeps): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    storeSignOut(deps.storage)
    void deps.auth
      .removeAccount()
      .catch((error: unknown) => deps.logger.error('Removing the account failed', error))
      .finally(() => deps.leaveTo('/'))
  }
}

/**
 * The session the page started with, for code outside React (a sign-in button of a
 * screen). Before start-up, signing in falls back to what the pop-up does: store the
 * choice and start again, so start-up redirects to the provider.
 */
let activeSession: AuthSession | null = null

export function setActiveSession(session: AuthSession | null) {
  activeSession = session
}

const beforeStartup: AuthSession = {
  getState: () => VISITOR,
  subscribe: () => () => undefined,
  async signIn() {
    browserStorage.write('choice', 'employees')
    browserStorage.remove('authenticated')
    window.location.reload()
  },
  async signOut() {
    storeSignOut(browserStorage)
    window.location.replace('/')
  },
}

export const activeAuthSession = (): AuthSession => activeSession ?? beforeStartup
