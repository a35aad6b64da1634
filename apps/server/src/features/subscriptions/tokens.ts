import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/client.ts'

export type TokenPurpose = 'confirm' | 'unsubscribe' | 'manage'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new link token for `subscriptionIds` (none for 'manage': the whole address). Only its
 * hash is stored; the token itself goes into the mail and nowhere else.
 */
export async function mintToken(
  tx: Queryable,
  purpose: TokenPurpose,
  subscriberId: string,
  subscriptionIds: readonly string[] = [],
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const hash = hashToken(token)
  if (subscriptionIds.length === 0) {
    await tx.query(
      `insert into subscription_tokens (token_hash, purpose, subscriber_id) values ($1, $2, $3)`,
      [hash, purpose, subscriberId],
    )
  } else {
    await tx.query(
      `insert into subscription_tokens (token_hash, purpose, subscriber_id, subscription_id)
       select $1, $2, $3, s from unnest($4::uuid[]) as s`,
      [hash, purpose, subscriberId, subscriptionIds],
    )
  }
  return token
}

/** The rows a token stands for, for one purpose; none when it is unknown. */
export function rowsOfToken(tx: Queryable, purpose: TokenPurpose, token: string) {
  return tx.query<{ subscriber_id: string; subscription_id: string | null }>(
    `select subscriber_id::text, subscription_id::text from subscription_tokens
      where token_hash = $1 and purpose = $2`,
    [hashToken(token), purpose],
  )
}
