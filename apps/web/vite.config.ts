import react from '@vitejs/plugin-react'
import type { ChunkingContext } from 'rolldown'
import { configDefaults, defineConfig } from 'vitest/config'
import { deferredStart } from './build/deferred-start.ts'
import { precompress } from './build/precompress.ts'
import { serverBundle } from './build/server-bundle.ts'

/** The server `npm run dev` starts; the dev server forwards every API path to it. */
const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080'
const proxied = ['/api', '/pubapi', '/mail', '/oidc', '/healthz', '/readyz']

/**
 * Tests that need Node's own globals, not a VM context's: Vite builds (rolldown's native
 * binding checks its arguments' classes), a body streamed as Node's ReadableStream, and
 * server rendering with the browser's globals taken away.
 */
const NODE_REALM = [
  'build/*.test.ts',
  'src/features/documents/csv.test.ts',
  'src/features/search/no-javascript.test.tsx',
]

const CONTRACT = /packages\/contract\//
/** The contract's modules of the second chunk: the first's never import them. */
const CONTRACT_SECOND =
  /packages\/contract\/src\/(search|favorites|feeds|dashboard|data-requests|subscriptions|quality-input|harvesting|coverage|tables|privacy|history)\.ts$/
/** The contract's modules of the third chunk: they import the others. */
const CONTRACT_THIRD = /packages\/contract\/src\/(index|documents|uploads|validation|deletion)\.ts$/

const FORMATTERS = /apps\/web\/src\/shared\/format\.ts$/
const APP_SOURCE = /apps\/web\/src\//
const START_UP = /apps\/web\/src\/app\/start\.tsx$/

/** Whether the app's start-up (src/app/start.tsx) imports this module of the app statically. */
function startsWithTheApp(id: string, ctx: ChunkingContext): boolean {
  if (!APP_SOURCE.test(id)) return false
  const seen = new Set([id])
  const toVisit = [id]
  for (let next = toVisit.pop(); next !== undefined; next = toVisit.pop()) {
    if (START_UP.test(next)) return true
    for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer)
        toVisit.push(importer)
      }
    }
  }
  return false
}

export default defineConfig({
  plugins: [react(), deferredStart(), precompress(), serverBundle()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, serverUrl])),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // One stylesheet for every screen but the map's: in the head, so the page the
            // server rendered is laid out as the app will show it (build/deferred-start.ts).
            { name: 'style', test: (id: string) => id.endsWith('.css') && !id.includes('leaflet') },
            // The libraries the start-up evaluates one by one (src/main.tsx).
            { name: 'react-dom', test: /node_modules\/(react|react-dom|scheduler)\// },
            { name: 'react-router', test: /node_modules\/react-router\// },
            { name: 'zod', test: /node_modules\/zod\// },
            { name: 'query', test: /node_modules\/@tanstack\// },
            // The contract's schemas, built as their chunk is evaluated: in three steps of the
            // start-up (src/main.tsx), each a fair share. A group takes the modules its own
            // import, so the one imported by the others comes first.
            {
              name: 'contract',
              test: (id: string) =>
                CONTRACT.test(id) && !CONTRACT_SECOND.test(id) && !CONTRACT_THIRD.test(id),
            },
            { name: 'contract-tables', test: CONTRACT_SECOND },
            { name: 'contract-documents', test: CONTRACT },
            // The formatters, a step of their own (Intl's Dutch number rules).
            { name: 'format', test: FORMATTERS },
            // The rest of the app's first load in one file: the modules the start-up imports
            // without waiting (src/app/start.tsx and what it imports), not the lazy routes'.
            // Left to themselves they were some twenty files of 0.1 to 6 kB, each a request
            // and a module for the browser to fetch, compile and link on every first visit.
            {
              name: (id, ctx) => (startsWithTheApp(id, ctx) ? 'app' : null),
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Two files at a time on two cores (vitest would run one); a screen's test that renders
    // and clicks through jsdom then gets more than the 5 s default before it counts as hung.
    maxWorkers: 2,
    testTimeout: 15_000,
    // recharts' CommonJS build (its `main`) requires Redux Toolkit's ES module, which a VM
    // context (below) cannot load: the tests take its ES modules, as the app's build does.
    alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }],
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          exclude: [...configDefaults.exclude, ...NODE_REALM],
          // Each file in a VM context of its own, in worker threads that keep jsdom loaded:
          // a new thread per file spent about 1 s loading jsdom again (69 s of the suite's
          // 126 s on this machine). Each file still gets its own modules, mocks and DOM.
          pool: 'vmThreads',
        },
      },
      // Worker threads: each file isolated in a thread of its own (faster to start than a
      // child process).
      { extends: true, test: { name: 'node realm', include: NODE_REALM, pool: 'threads' } },
    ],
  },
})
