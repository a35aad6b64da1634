// The embedded database thread's entry in the built server, where everything is JavaScript
// already. Run from the TypeScript sources, the thread starts at pglite-boot.mjs instead, which
// registers a TypeScript loader first; in the tests it starts here, in the build they make
// (shared/worker-entry.ts).
import { servePglite } from './pglite-worker.ts'

await servePglite()
