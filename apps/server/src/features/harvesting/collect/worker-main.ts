// The collecting thread's entry in the built server, where everything is JavaScript already.
// Run from the TypeScript sources, the thread starts at worker-boot.mjs instead, which
// registers a TypeScript loader first; in the tests it starts here, in the build they make
// (shared/worker-entry.ts).
import { serveCollection } from './collect-worker.ts'

await serveCollection()
