import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'

const KEY = 'c2VjcmV0LWtleS1kYXQtbmlldC1pbi1sb2dzLW1hZy1zdGFhbg=='
const CONTAINER_URL = 'https://stadsdata.blob.core.windows.net/portaal-bestanden'

const configWith = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/portaal', ...env })

const refusal = (env: Record<string, string>) => {
  try {
    configWith(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('accepted')
}

describe('the file store configuration', () => {
  it('keeps files under DATA_DIR/files unless told otherwise', () => {
    expect(configWith({}).fileStore).toEqual({ kind: 'local', root: '/srv/portaal/files' })
  })

  it('takes the account from the container URL for an account key', () => {
    expect(
      configWith({
        FILE_STORE: 'azure',
        AZURE_STORAGE_CONTAINER_URL: CONTAINER_URL,
        AZURE_STORAGE_ACCOUNT_KEY: KEY,
      }).fileStore,
    ).toEqual({
      kind: 'azure',
      containerUrl: CONTAINER_URL,
      containerName: 'portaal-bestanden',
      credential: { kind: 'account-key', accountName: 'stadsdata', accountKey: KEY },
      tmpDir: '/srv/portaal/files/tmp',
    })
  })

  it('uses managed identity without a key or connection string, and reads Azurite URLs', () => {
    expect(
      configWith({ FILE_STORE: 'azure', AZURE_STORAGE_CONTAINER_URL: CONTAINER_URL }).fileStore,
    ).toMatchObject({ credential: { kind: 'managed-identity' } })
    expect(
      configWith({
        FILE_STORE: 'azure',
        AZURE_STORAGE_CONTAINER_URL: 'http://127.0.0.1:10000/devstoreaccount1/bestanden',
        AZURE_STORAGE_ACCOUNT_KEY: KEY,
      }).fileStore,
    ).toMatchObject({
      containerName: 'bestanden',
      credential: { kind: 'account-key', accountName: 'devstoreaccount1' },
    })
  })

  it('names the variable that is wrong, and never prints a key', () => {
    expect(refusal({ FILE_STORE: 'azure' })).toContain('AZURE_STORAGE_CONTAINER_URL: is required')
    expect(refusal({ FILE_STORE: 's3' })).toContain('FILE_STORE')
    expect(
      refusal({ FILE_STORE: 'azure', AZURE_STORAGE_CONTAINER_URL: 'http://stadsdata.example/x' }),
    ).toContain('AZURE_STORAGE_CONTAINER_URL: must be an https URL')
    expect(
      refusal({
        FILE_STORE: 'azure',
        AZURE_STORAGE_CONTAINER_URL: 'https://stadsdata.blob.core.windows.net/',
      }),
    ).toContain('AZURE_STORAGE_CONTAINER_URL: must name one container')
    const both = refusal({
      FILE_STORE: 'azure',
      AZURE_STORAGE_CONTAINER_URL: CONTAINER_URL,
      AZURE_STORAGE_ACCOUNT_KEY: KEY,
      AZURE_STORAGE_CONNECTION_STRING: `AccountName=stadsdata;AccountKey=${KEY}`,
    })
    expect(both).toContain('AZURE_STORAGE_ACCOUNT_KEY: must not be set together')
    expect(both).not.toContain(KEY)
    const local = refusal({ AZURE_STORAGE_ACCOUNT_KEY: KEY })
    expect(local).toContain('AZURE_STORAGE_ACCOUNT_KEY: is only used with FILE_STORE=azure')
    expect(local).not.toContain(KEY)
  })
})
