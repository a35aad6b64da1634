import { spawn } from 'node:child_process'
import path from 'node:path'
import { REPO_ROOT } from './paths.ts'

/** `npm run build -w apps/web` into `outDir`; its output is shown only when it fails. */
export async function buildWebApp(outDir: string) {
  const started = Date.now()
  const args = ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir, '--emptyOutDir']
  const child = spawn('npm', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  if (code !== 0) throw new Error(`Building the web app failed (exit ${code}):\n${output}`)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`Built the web app into ${path.relative(REPO_ROOT, outDir)} in ${seconds} s`)
}
