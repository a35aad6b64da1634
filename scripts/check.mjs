// `npm run check`: every workspace's type-check, ESLint, the import-cycle check and Prettier's
// check, as many at a time as the machine has cores (each is one process on one core, and one
// after the other they took about 80 s on two). Each one's output is printed when it ends;
// the check fails when any of them does.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The workspaces of package.json that have a typecheck script. */
function typecheckedWorkspaces() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  return workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? fs
            .readdirSync(path.join(ROOT, pattern.slice(0, -2)))
            .map((name) => `${pattern.slice(0, -2)}/${name}`)
        : [pattern],
    )
    .filter((dir) => {
      const manifest = path.join(ROOT, dir, 'package.json')
      return (
        fs.existsSync(manifest) &&
        JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.typecheck !== undefined
      )
    })
}

// The longest first (ESLint), so that no core waits at the end for one long task.
const tasks = [
  { name: 'lint', args: ['run', '-s', 'lint'] },
  ...typecheckedWorkspaces().map((dir) => ({
    name: `typecheck ${dir}`,
    args: ['run', '-s', 'typecheck', '-w', dir],
  })),
  { name: 'check:cycles', args: ['run', '-s', 'check:cycles'] },
  { name: 'format:check', args: ['run', '-s', 'format:check'] },
]

function run(task) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', task.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      const verdict = code === 0 ? 'ok' : `failed (exit ${code})`
      process.stdout.write(`${output}${output && !output.endsWith('\n') ? '\n' : ''}`)
      console.log(`check: ${task.name} ${verdict}, ${seconds} s`)
      resolve(code === 0)
    })
  })
}

const queue = [...tasks]
let failed = false
async function worker() {
  for (let task = queue.shift(); task; task = queue.shift()) {
    if (!(await run(task))) failed = true
  }
}
await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker))
process.exitCode = failed ? 1 : 0
