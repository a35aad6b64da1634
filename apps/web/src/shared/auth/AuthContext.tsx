import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import type { AuthState } from './auth-state.ts'
import { activeAuthSession, type AuthSession } from './session.ts'

const AuthContext = createContext<AuthSession | null>(null)

export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <AuthContext value={session}>{children}</AuthContext>
}

export interface Auth extends AuthState {
  signIn: AuthSession['signIn']
  signOut: AuthSession['signOut']
}

/** The auth state of this page load, and sign-in and logout. */
export function useAuth(): Auth {
  const session = use(AuthContext) ?? activeAuthSession()
  const state = useSyncExternalStore(session.subscribe, session.getState)
  return { ...state, signIn: session.signIn, signOut: session.signOut }
}
