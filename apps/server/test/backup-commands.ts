import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { SERVER_DIR } from './server-process.ts'

const run = promisify(execFile)

/**
 * `npm run backup` / `npm run restore` as an operator runs them: the real command in its
 * own process, on `dataDir`, with PGlite unless `databaseUrl` is given. Its exit code and
 * everything it printed.
 */
export async function command(
  script: 'backup' | 'restore',
  args: string[],
  dataDir: string,
  databaseUrl = '',
) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `src/cli/${script}.ts`, ...args],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, INIT_CWD: SERVER_DIR },
      },
    )
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}
