import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import { VISITOR, type AuthState } from './auth-state.ts'
import { activeAuthSession, type AuthSession } from './session.ts'

const AuthContext = createContext<AuthSession | null>(null)

export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <AuthContext value={session}>{children}</AuthContext>
}

export interface Auth extends AuthState {
  signIn: AuthSession['signIn']
  signOut: AuthSession['signOut']
}

/** A page the server renders is a visitor's, and so is the browser's first render of it. */
const serverState = () => VISITOR

/**
 * The auth state of this page load, and sign-in and logout. A signed-in employee's own
 * state follows right after a server-rendered page has been hydrated.
 */
export function useAuth(): Auth {
  const session = use(AuthContext) ?? activeAuthSession()
  const state = useSyncExternalStore(session.subscribe, session.getState, serverState)
  return { ...state, signIn: session.signIn, signOut: session.signOut }
}
