import type { TokenIdentity } from './verify-token.ts'

/** Which identities are admins: configured groups (or roles) and verified e-mail addresses. */
export interface AdminRule {
  adminGroups: readonly string[]
  adminEmails: readonly string[]
}

/**
 * Admin when a group (or role) is a configured admin group, or the e-mail the provider
 * vouches for is listed; never by the displayed address alone (preferred_username).
 */
export function isAdminIdentity(identity: TokenIdentity, rule: AdminRule): boolean {
  const email = identity.verifiedEmail?.toLowerCase()
  return (
    identity.groups.some((group) => rule.adminGroups.includes(group)) ||
    (email !== undefined && rule.adminEmails.includes(email))
  )
}
