import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The migrated database each file's createTestDb copies, made once per run.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two cores run two at a time.
    maxWorkers: 2,
    // A worker imports the server's modules once and runs file after file with them, instead
    // of importing them again for each file (about 2 s a file). Every file builds its own app
    // and database, no test mocks a module, and the one spy (source-only.test.ts) is restored.
    isolate: false,
  },
})
