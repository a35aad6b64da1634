/**
 * The file a worker thread starts at, next to `moduleUrl` (the starting module's
 * `import.meta.url`). A worker does not inherit the TypeScript loader of the thread that
 * starts it: run from the sources (tsx, vitest), it starts at `boot`, a JavaScript file that
 * registers one first; in the build (dist), where everything is JavaScript, at `main`.
 */
export const workerEntry = (moduleUrl: string, boot: string, main: string): URL =>
  new URL(moduleUrl.endsWith('.ts') ? boot : main, moduleUrl)
