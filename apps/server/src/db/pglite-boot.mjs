// The entry of the embedded database's thread when run from the TypeScript sources (tsx,
// vitest): a worker does not inherit the TypeScript loader of the thread that starts it, so
// it registers tsx, loads the database's code, and unregisters it again.
import { register } from 'tsx/esm/api'

const unregister = register()
const { servePglite } = await import('./pglite-worker.ts')
await unregister()
await servePglite()
