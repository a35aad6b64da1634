import { activeAuthSession } from './session.ts'

/**
 * Starts the employee sign-in at the identity provider, for buttons outside the top bar
 * (screens a visitor opened through a link).
 */
export function signIn() {
  void activeAuthSession().signIn()
}
