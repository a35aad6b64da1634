import { storeChoiceAndReload } from './first-visit.tsx'

/**
 * Starts signing in as an employee. The choice 'employees' is what the start-up sequence
 * (spec section 4) acts on after the reload.
 */
export function signIn() {
  storeChoiceAndReload('employees')
}
