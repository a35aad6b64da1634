import type { PublicConfig } from '@dataportaal/contract'
import type { QueryClient } from '@tanstack/react-query'
import { setUnauthorizedHandler } from '../api/client.ts'
import { configQuery } from '../api/config.ts'
import { checkAdmin } from './admin.ts'
import { createAuthClient, type AuthClient } from './auth-client.ts'
import { VISITOR, authStateFor } from './auth-state.ts'
import {
  createAuthSession,
  setActiveSession,
  signOutAfterRefusal,
  type AuthSession,
  type SessionDeps,
} from './session.ts'
import { runStartup, type StartupDeps } from './startup.ts'
import { browserStorage } from './stored-flags.ts'

/** What the app renders once start-up has finished. */
export type AppStart =
  | { kind: 'portal'; session: AuthSession }
  | { kind: 'choose' }
  | { kind: 'leaving' }
  /** The run-time configuration could not be loaded: the server is not reachable. */
  | { kind: 'unavailable' }

export interface StartOptions {
  createClient?: (auth: PublicConfig['auth'], origin: string) => AuthClient
  deps?: Partial<Omit<StartupDeps, 'auth'>> & Partial<Omit<SessionDeps, 'auth'>>
}

const browserLocation = {
  get href() {
    return window.location.href
  },
  replaceUrl: (url: string) => window.history.replaceState(window.history.state, '', url),
}

/**
 * Loads the configuration, runs the start-up sequence and, for a signed-in user, the admin
 * check (once per page load), before anything of the portal renders.
 */
export async function startAuth(
  queryClient: QueryClient,
  options: StartOptions = {},
): Promise<AppStart> {
  let config: PublicConfig
  try {
    config = await queryClient.fetchQuery(configQuery)
  } catch (error) {
    console.error('The portal configuration could not be loaded', error)
    return { kind: 'unavailable' }
  }

  const createClient = options.createClient ?? createAuthClient
  const auth = createClient(config.auth, window.location.origin)
  const deps = {
    storage: browserStorage,
    location: browserLocation,
    reload: () => window.location.reload(),
    leaveTo: (url: string) => window.location.replace(url),
    logger: console,
    now: Date.now,
    ...options.deps,
    auth,
  }
  setUnauthorizedHandler(signOutAfterRefusal(deps))

  const outcome = await runStartup(deps)
  if (outcome.kind === 'choose' || outcome.kind === 'leaving') return outcome

  let state = VISITOR
  if (outcome.kind === 'signed-in') {
    try {
      state = authStateFor(outcome.account, await checkAdmin(deps.storage))
    } catch {
      return { kind: 'leaving' }
    }
  }
  const session = createAuthSession(state, deps)
  if (outcome.kind === 'signed-in') {
    auth.keepRenewed(outcome.account, (renewed) => {
      deps.storage.write('token', renewed.idToken)
      session.setState(authStateFor(renewed, session.getState().isAdmin))
    })
  }
  setActiveSession(session)
  return { kind: 'portal', session }
}
