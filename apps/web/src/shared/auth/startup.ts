import { hasValidTokens, type Account, type AuthClient } from './auth-client.ts'
import { storeSignIn, type FlagStorage } from './stored-flags.ts'

/** How start-up ended: who the user is, or that the page shows the pop-up or is leaving. */
export type StartupOutcome =
  | { kind: 'signed-in'; account: Account }
  | { kind: 'visitor' }
  /** No stored choice: the first-visit pop-up. */
  | { kind: 'choose' }
  /** Off to the identity provider, or reloading: nothing to render but the loading state. */
  | { kind: 'leaving' }

export interface StartupDeps {
  auth: AuthClient
  storage: FlagStorage
  location: { readonly href: string; replaceUrl(url: string): void }
  reload: () => void
  logger: Pick<Console, 'error' | 'warn'>
  now: () => number
}

/** Sign-in and its failure both come back to the site root with a state (spec section 2). */
export function isRedirectResult(href: string): boolean {
  const url = new URL(href)
  const params = url.searchParams
  return url.pathname === '/' && params.has('state') && (params.has('code') || params.has('error'))
}

/** Spec section 4, step by step. Never rejects: errors end in step 6. */
export async function runStartup(deps: StartupDeps): Promise<StartupOutcome> {
  const { auth, storage, location } = deps
  const signedIn = (account: Account): StartupOutcome => {
    storeSignIn(storage, account)
    return { kind: 'signed-in', account }
  }
  const redirectResult = isRedirectResult(location.href)

  try {
    // Steps 1 and 2: a pending redirect result gives the account and its tokens.
    if (redirectResult) {
      const account = await auth.completeSignIn(location.href)
      location.replaceUrl('/')
      return signedIn(account)
    }

    // Step 3: a cached account, renewed silently when its tokens are no longer valid.
    const cached = await auth.getAccount()
    if (cached) {
      if (hasValidTokens(cached, deps.now())) return signedIn(cached)
      try {
        return signedIn(await auth.renewSilently())
      } catch (error) {
        deps.logger.warn('Silent token renewal failed, signing in again', error)
        await auth.redirectToSignIn()
        return { kind: 'leaving' }
      }
    }

    // Step 5: explicitly signed out means a visitor, whatever the choice.
    if (storage.read('authenticated') === 'false') return { kind: 'visitor' }

    // Step 4: the stored choice, or the pop-up that asks for it.
    const choice = storage.read('choice')
    if (choice === null) return { kind: 'choose' }
    if (choice === 'employees') {
      await auth.redirectToSignIn()
      return { kind: 'leaving' }
    }
    return { kind: 'visitor' }
  } catch (error) {
    // Step 6. The message is the one of the spec (section 8).
    deps.logger.error('Failed to handleRedirectPromise()', error)
    storage.clearAll()
    // A failed redirect result must not be processed again after the reload.
    if (redirectResult) location.replaceUrl('/')
    deps.reload()
    return { kind: 'leaving' }
  }
}
