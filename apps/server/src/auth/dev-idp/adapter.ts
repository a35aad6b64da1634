import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Queryable } from '../../db/client.ts'

/** Models whose entries belong to a grant and end when it is revoked. */
const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]

const CLEANUP_EVERY_MS = 10 * 60 * 1000

/**
 * PostgreSQL text cannot hold NUL, so no entry has a key with it, and asking for one would
 * fail the query: a request with `client_id=%00` answered 500.
 */
const mayExist = (key: string) => !key.includes('\u0000')

/** jsonb cannot hold NUL either: a NUL a client put in e.g. `state` is dropped when stored. */
const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replaceAll('\u0000', '') : value

/**
 * Storage for oidc-provider in the portal's database (table dev_idp_entries): one row per
 * session, grant, interaction, code or token, with its expiry. Expired rows are skipped
 * when read and removed now and then.
 */
export function databaseAdapter(db: Queryable): (model: string) => Adapter {
  let lastCleanup = 0
  const cleanUp = async () => {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return
    lastCleanup = Date.now()
    await db.query('delete from dev_idp_entries where expires_at < now()')
  }

  return (model) => {
    const findWhere = async (condition: string, value: string) => {
      if (!mayExist(value)) return undefined
      const [row] = await db.query<{ payload: AdapterPayload }>(
        `select payload from dev_idp_entries
          where model = $1 and ${condition} = $2 and (expires_at is null or expires_at > now())`,
        [model, value],
      )
      return row?.payload
    }

    return {
      async upsert(id, payload, expiresIn) {
        await cleanUp()
        await db.query(
          `insert into dev_idp_entries (model, id, payload, grant_id, uid, user_code, expires_at)
           values ($1, $2, $3::jsonb, $4, $5, $6, now() + make_interval(secs => $7::float8))
           on conflict (model, id) do update set payload = excluded.payload,
             grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code,
             expires_at = excluded.expires_at`,
          [
            model,
            id,
            JSON.stringify(payload, withoutNul),
            GRANTABLE.includes(model) ? (payload.grantId ?? null) : null,
            payload.uid ?? null,
            payload.userCode ?? null,
            expiresIn ?? null,
          ],
        )
      },
      find: (id) => findWhere('id', id),
      findByUid: (uid) => findWhere('uid', uid),
      findByUserCode: (userCode) => findWhere('user_code', userCode),
      async consume(id) {
        if (!mayExist(id)) return
        await db.query(
          `update dev_idp_entries
              set payload = payload || jsonb_build_object('consumed', floor(extract(epoch from now()))::int)
            where model = $1 and id = $2`,
          [model, id],
        )
      },
      async destroy(id) {
        if (!mayExist(id)) return
        await db.query('delete from dev_idp_entries where model = $1 and id = $2', [model, id])
      },
      async revokeByGrantId(grantId) {
        if (!mayExist(grantId)) return
        await db.query('delete from dev_idp_entries where grant_id = $1', [grantId])
      },
    }
  }
}
