// The entry of a collecting thread run from the TypeScript sources (tsx, vitest). A worker
// does not inherit the TypeScript loader of the thread that starts it, so it registers tsx
// to load the project's TypeScript; the build (dist) starts at worker-main.js instead.
import { register } from 'tsx/esm/api'

register()
const { serveCollection } = await import('./collect-worker.ts')
await serveCollection()
