import { API_PREFIX, type ManagedVocabularyItem } from '@dataportaal/contract'
import type { RenderOptions } from '../../test/render.tsx'
import { ADMIN, testSession } from '../../test/auth.ts'

export const adminApi = (path: string) => `${API_PREFIX.authenticated}${path}`

/** Signed in as an admin, as the stored flags and the auth state say after sign-in. */
export function signedInAdmin(): RenderOptions {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('isAdmin', 'true')
  window.localStorage.setItem('token', 'h.p.s')
  return { auth: testSession(ADMIN).session }
}

let serial = 0
export function anItem(name: string, documents = 0): ManagedVocabularyItem {
  serial += 1
  return { id: `0f6c1b8e-5d2a-4c1e-9b7a-${String(serial).padStart(12, '0')}`, name, documents }
}
