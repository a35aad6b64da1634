import path from 'node:path'
import { z } from 'zod'

/** The environment variables of the file store, merged into the configuration's schema. */
export const FILE_STORE_ENV = {
  FILE_STORE: z.enum(['local', 'azure']).default('local'),
  AZURE_STORAGE_CONTAINER_URL: z
    .url()
    .regex(
      /^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/,
      'must be an https URL (plain http only on loopback, for Azurite)',
    )
    .optional(),
  AZURE_STORAGE_CONNECTION_STRING: z.string().min(1).optional(),
  AZURE_STORAGE_ACCOUNT_KEY: z.string().min(1).optional(),
}

type FileStoreEnv = z.infer<z.ZodObject<typeof FILE_STORE_ENV>>

/** Azure's rule for container names. */
const CONTAINER_NAME = /^(?!.*--)[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/

/**
 * Account and container of a container URL: `https://<account>.blob.core.windows.net/<container>`,
 * or path-style `http://127.0.0.1:10000/<account>/<container>` as Azurite (and IP endpoints) use.
 */
export function parseContainerUrl(raw: string): { account: string; container: string } | null {
  const url = new URL(raw)
  const segments = url.pathname.split('/').filter((segment) => segment.length > 0)
  const pathStyle = /^(localhost|\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\])$/i.test(url.hostname)
  const account = pathStyle ? segments[0] : url.hostname.split('.')[0]
  const container = pathStyle ? segments[1] : segments[0]
  const expected = pathStyle ? 2 : 1
  if (!account || !container || segments.length !== expected) return null
  if (!CONTAINER_NAME.test(container)) return null
  return { account, container }
}

/** Start-up checks across the variables; messages name the variable, never a key's value. */
export function checkFileStoreEnv(env: FileStoreEnv, ctx: z.RefinementCtx): void {
  const issue = (variable: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message })
  if (env.FILE_STORE !== 'azure') {
    for (const variable of [
      'AZURE_STORAGE_CONTAINER_URL',
      'AZURE_STORAGE_CONNECTION_STRING',
      'AZURE_STORAGE_ACCOUNT_KEY',
    ] as const) {
      if (env[variable] !== undefined) issue(variable, 'is only used with FILE_STORE=azure')
    }
    return
  }
  if (env.AZURE_STORAGE_CONTAINER_URL === undefined) {
    issue(
      'AZURE_STORAGE_CONTAINER_URL',
      'is required with FILE_STORE=azure, e.g. https://<account>.blob.core.windows.net/<container>',
    )
  } else if (parseContainerUrl(env.AZURE_STORAGE_CONTAINER_URL) === null) {
    issue(
      'AZURE_STORAGE_CONTAINER_URL',
      'must name one container: https://<account>.blob.core.windows.net/<container> (lowercase letters, digits and single hyphens, 3-63 characters)',
    )
  }
  if (env.AZURE_STORAGE_CONNECTION_STRING && env.AZURE_STORAGE_ACCOUNT_KEY) {
    issue(
      'AZURE_STORAGE_ACCOUNT_KEY',
      'must not be set together with AZURE_STORAGE_CONNECTION_STRING; set one of them, or neither for managed identity',
    )
  }
  if (
    env.AZURE_STORAGE_CONNECTION_STRING &&
    !/(^|;)(AccountKey|SharedAccessSignature)=/i.test(env.AZURE_STORAGE_CONNECTION_STRING)
  ) {
    issue(
      'AZURE_STORAGE_CONNECTION_STRING',
      'must be a storage connection string with AccountKey=… or SharedAccessSignature=… (from the portal, "Access keys")',
    )
  }
}

export type AzureCredentialConfig =
  | { kind: 'connection-string'; connectionString: string }
  | { kind: 'account-key'; accountName: string; accountKey: string }
  | { kind: 'managed-identity' }

export type FileStoreConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 'azure'
      containerUrl: string
      containerName: string
      credential: AzureCredentialConfig
      /** Temporary files stay local: uploads are hashed and checked there first. */
      tmpDir: string
    }

/** The checked variables as the store's configuration; `filesDir` is DATA_DIR/files. */
export function toFileStoreConfig(env: FileStoreEnv, filesDir: string): FileStoreConfig {
  if (env.FILE_STORE === 'local') return { kind: 'local', root: filesDir }
  const url = env.AZURE_STORAGE_CONTAINER_URL
  const parsed = url === undefined ? null : parseContainerUrl(url)
  // checkFileStoreEnv refused this already; reaching here is a bug, not a setting.
  if (url === undefined || parsed === null) throw new Error('unchecked Azure storage settings')
  const credential: AzureCredentialConfig = env.AZURE_STORAGE_CONNECTION_STRING
    ? { kind: 'connection-string', connectionString: env.AZURE_STORAGE_CONNECTION_STRING }
    : env.AZURE_STORAGE_ACCOUNT_KEY
      ? {
          kind: 'account-key',
          accountName: parsed.account,
          accountKey: env.AZURE_STORAGE_ACCOUNT_KEY,
        }
      : { kind: 'managed-identity' }
  return {
    kind: 'azure',
    containerUrl: url.replace(/\/$/, ''),
    containerName: parsed.container,
    credential,
    tmpDir: path.join(filesDir, 'tmp'),
  }
}
