import { isAdminIdentity, type AdminRule } from '../../auth/admin-rule.ts'
import type { Employee } from '../../auth/viewer.ts'
import type { TokenIdentity } from '../../auth/verify-token.ts'
import type { Queryable } from '../../db/client.ts'

/**
 * Keeps the employees table in step with the tokens seen, so documents, favourites and
 * statistics can refer to employees. Writes only when something changed or the last
 * sighting is older than a few minutes, to keep the hot path cheap.
 */
export async function recordEmployee(
  db: Queryable,
  identity: TokenIdentity,
  rule: AdminRule,
): Promise<Employee> {
  const admin = isAdminIdentity(identity, rule)
  await db.query(
    `insert into employees (id, email, display_name, groups, is_admin)
     values ($1, $2, $3, $4, $5)
     on conflict (id) do update set
       email = excluded.email, display_name = excluded.display_name,
       groups = excluded.groups, is_admin = excluded.is_admin, last_seen_at = now()
     where employees.last_seen_at < now() - interval '5 minutes'
       or employees.email is distinct from excluded.email
       or employees.display_name <> excluded.display_name
       or employees.groups <> excluded.groups
       or employees.is_admin <> excluded.is_admin`,
    [identity.id, identity.email, identity.name, identity.groups, admin],
  )
  return {
    kind: 'employee',
    id: identity.id,
    name: identity.name,
    email: identity.email,
    isAdmin: admin,
  }
}
