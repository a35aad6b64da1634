import { readStorage, removeStorage, writeStorage, type StorageKey } from '../storage.ts'
import type { Account } from './auth-client.ts'

/** The stored values of spec sections 3 and 9, and the way to wipe all storage (section 4, step 6). */
export interface FlagStorage {
  read(key: StorageKey): string | null
  write(key: StorageKey, value: string): void
  remove(key: StorageKey): void
  /** Local and session storage, everything in them. */
  clearAll(): void
}

export const browserStorage: FlagStorage = {
  read: readStorage,
  write: writeStorage,
  remove: removeStorage,
  clearAll() {
    for (const storage of ['localStorage', 'sessionStorage'] as const) {
      try {
        window[storage].clear()
      } catch {
        // Storage that cannot be reached holds nothing to clear.
      }
    }
  },
}

/** The stored token of anyone not signed in. */
export const NOT_AUTHENTICATED = 'not authenticated'

/** After a sign-in: the id token is the bearer token of every /api call. */
export function storeSignIn(storage: FlagStorage, account: Account) {
  storage.write('token', account.idToken)
  storage.write('authenticated', 'true')
  storage.write('choice', 'employees')
}

/** After a logout or a refused token: a visitor from now on, without the pop-up. */
export function storeSignOut(storage: FlagStorage) {
  storage.remove('choice')
  storage.write('authenticated', 'false')
  storage.write('token', NOT_AUTHENTICATED)
  storage.remove('isAdmin')
}
