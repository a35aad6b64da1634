import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import { z } from 'zod'

export const KEYS_FILE = 'dev-idp-keys.json'

const SigningKey = z.looseObject({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
})

const StoredKeys = z.object({
  signingKey: SigningKey,
  cookieKeys: z.array(z.string().min(32)).min(1),
})
type StoredKeys = z.infer<typeof StoredKeys>

export interface DevIdpKeys {
  /** Private signing key for the provider. */
  signingKey: JWK
  /** The public half, for the portal's own token verifier. */
  publicKeys: { keys: JWK[] }
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[]
}

const PRIVATE_PARTS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi'])

const toKeys = (stored: StoredKeys): DevIdpKeys => ({
  signingKey: stored.signingKey,
  publicKeys: {
    keys: [
      Object.fromEntries(
        Object.entries(stored.signingKey).filter(([name]) => !PRIVATE_PARTS.has(name)),
      ),
    ],
  },
  cookieKeys: stored.cookieKeys,
})

async function generate(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 })
  const jwk = await exportJWK(privateKey)
  const kid = await calculateJwkThumbprint(jwk)
  return {
    signingKey: SigningKey.parse({ ...jwk, kid, alg: 'RS256', use: 'sig' }),
    cookieKeys: [randomBytes(32).toString('base64url')],
  }
}

async function readKeys(file: string): Promise<DevIdpKeys | null> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (text === null) return null
  const parsed = StoredKeys.safeParse(JSON.parse(text))
  if (!parsed.success) {
    throw new Error(
      `${file} is not a key file of the development identity provider; remove it to make new keys.`,
    )
  }
  return toKeys(parsed.data)
}

/**
 * The provider's signing and cookie keys, made once and kept in DATA_DIR (readable by the
 * owner only), so tokens and sessions stay valid across a restart.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<DevIdpKeys> {
  const file = path.join(dataDir, KEYS_FILE)
  const existing = await readKeys(file)
  if (existing) return existing
  await fs.mkdir(dataDir, { recursive: true })
  // Written beside and linked into place: never half a file, and of two processes
  // starting at once the first one's keys win.
  const temporary = `${file}.${process.pid}.tmp`
  await fs.writeFile(temporary, JSON.stringify(await generate(), null, 2), { mode: 0o600 })
  try {
    await fs.link(temporary, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await fs.rm(temporary, { force: true })
  }
  return (await readKeys(file))!
}
