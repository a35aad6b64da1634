// The collecting thread's entry in the built server, where everything is JavaScript already.
// Run from the TypeScript sources, the thread starts at worker-boot.mjs instead, which
// registers a TypeScript loader first.
import { serveCollection } from './collect-worker.ts'

await serveCollection()
