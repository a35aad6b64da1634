import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The server's slowest test files (most start real server processes or load the demo
 * catalogue), slowest first, as measured on a two-core machine. On a fresh clone vitest has no
 * durations of an earlier run and starts the biggest files first, so a slow small file could
 * start last and keep one core busy alone at the end of the run.
 */
const SLOWEST = [
  'test/backup-restore.test.ts',
  'test/hostile-files.test.ts',
  'test/production-build.test.ts',
  'src/features/search/engines.test.ts',
  'test/main.test.ts',
  'src/features/dcat/dcat-demo.test.ts',
  'test/extraction-crash.test.ts',
  'src/features/harvesting/apply.test.ts',
  'src/features/uploads/upload-crash.test.ts',
  'test/fuzz.test.ts',
  'src/features/harvesting/ckan-harvest.test.ts',
  'test/safe-config.test.ts',
  'src/features/search/relevance.test.ts',
  'src/features/maintenance/maintenance.test.ts',
  'test/pglite-thread-death.test.ts',
  'src/features/quality/representative.test.ts',
]

const rank = (file: TestSpecification) => {
  const index = SLOWEST.findIndex((name) => file.moduleId.endsWith(name))
  return index === -1 ? SLOWEST.length : index
}

/** Vitest's own order (durations of the last run, else size), with the files above first. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b))
  }
}
