import { IsAdminResponse, apiPaths } from '@dataportaal/contract'
import { ApiError, apiRequest } from '../api/client.ts'
import type { FlagStorage } from './stored-flags.ts'

/**
 * Asks the server once per page load whether the signed-in user is an admin and stores
 * the answer as `isAdmin`. When the server cannot answer, the stored flag stands; a 401
 * is passed on (the user is being signed out).
 */
export async function checkAdmin(storage: FlagStorage): Promise<boolean> {
  try {
    const isAdmin = await apiRequest(IsAdminResponse, apiPaths.userAdmin)
    storage.write('isAdmin', String(isAdmin))
    return isAdmin
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error
    return storage.read('isAdmin') === 'true'
  }
}
