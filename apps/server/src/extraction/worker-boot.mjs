// The entry of an extraction worker thread. A worker does not inherit the TypeScript loader
// of the thread that starts it (whether that runs under tsx or vitest), so it registers tsx
// to load the project's TypeScript, then unregisters it: the large JavaScript libraries the
// readers load later (pdf.js) then load as plain modules, seconds faster than through tsx.
import { register } from 'tsx/esm/api'

const unregister = register()
const { serveExtraction } = await import('./extraction-worker.ts')
await unregister()
serveExtraction()
