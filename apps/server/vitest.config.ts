import { configDefaults, defineConfig } from 'vitest/config'
import { testFilesWithoutDatabase } from './test/database-files.ts'
import { SlowestFirst } from './test/slowest-first.ts'

/**
 * Tests that measure what a piece of code allocates on the heap. They run in a worker of their
 * own: in a worker that ran other files first, the young generation has grown, and garbage
 * that is not yet collected (up to its size) counts as allocated.
 */
const MEASURING_THE_HEAP = ['src/extraction/json-scan.test.ts']

/**
 * On PostgreSQL (DATABASE_URL set) only the files that use the database run: the others ran
 * unchanged on PGlite (test/database-files.ts).
 */
const OFF_THE_DATABASE = process.env.DATABASE_URL ? testFilesWithoutDatabase() : []

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two cores run two at a time.
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The migrated database each file copies, and the server's build, made once per run
          // (here only: a setup at the top would run again for every project, and the heap's
          // tests need neither).
          globalSetup: ['test/global-setup.ts'],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MEASURING_THE_HEAP, ...OFF_THE_DATABASE],
          // A worker imports the server's modules once and runs file after file with them,
          // instead of importing them again for each file (about 2 s a file). Every file
          // builds its own app and database, no test mocks a module, and the one spy
          // (source-only.test.ts) is restored.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'heap',
          include: MEASURING_THE_HEAP,
          exclude: OFF_THE_DATABASE,
          isolate: true,
        },
      },
    ],
  },
})
