import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { SERVER_DIR } from './server-process.ts'

const run = promisify(execFile)

/** The command-line tools of `npm run <name>` (src/cli). */
export type CommandName = 'backup' | 'restore' | 'import' | 'harvest' | 'maintenance'

/**
 * `npm run <name> -- <args>` as an operator runs it: the real command in its own process, on
 * `dataDir`, with PGlite unless `databaseUrl` is given. Its exit code, what it printed on
 * stdout and stderr, and both together. It runs the command's build (`dist/cli`), which the
 * run's global setup made current: the code operators start through tsx, without the 2-3 s
 * of loading tsx and the sources in every process.
 */
export async function command(
  name: CommandName,
  args: string[],
  dataDir: string,
  databaseUrl = '',
) {
  try {
    const { stdout, stderr } = await run(process.execPath, [`dist/cli/${name}.js`, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, INIT_CWD: SERVER_DIR },
    })
    return { code: 0, stdout, stderr, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return {
      code: failed.code,
      stdout: failed.stdout,
      stderr: failed.stderr,
      output: failed.stdout + failed.stderr,
    }
  }
}
