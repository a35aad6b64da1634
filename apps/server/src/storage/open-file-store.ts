import { DefaultAzureCredential } from '@azure/identity'
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob'
import { AzureBlobFileStore } from './azure-blob-file-store.ts'
import type { AzureCredentialConfig, FileStoreConfig } from './file-store-config.ts'
import type { FileStore } from './file-store.ts'
import { LocalFileStore } from './local-file-store.ts'

/** The configured store: the one place the server and the commands build it. */
export function openFileStore(config: { fileStore: FileStoreConfig }): FileStore {
  const store = config.fileStore
  if (store.kind === 'local') return new LocalFileStore(store.root)
  return new AzureBlobFileStore(
    containerClient(store.containerUrl, store.containerName, store.credential),
    store.tmpDir,
  )
}

/**
 * No container is created: in production a missing container is an operator's mistake (wrong
 * URL or account) that /readyz and the first upload report, not something to paper over.
 */
export function containerClient(
  url: string,
  name: string,
  credential: AzureCredentialConfig,
): ContainerClient {
  switch (credential.kind) {
    case 'connection-string':
      return new ContainerClient(credential.connectionString, name)
    case 'account-key':
      return new ContainerClient(
        url,
        new StorageSharedKeyCredential(credential.accountName, credential.accountKey),
      )
    case 'managed-identity':
      // Managed identity on Azure, or `az login` / environment credentials elsewhere.
      return new ContainerClient(url, new DefaultAzureCredential())
  }
}
