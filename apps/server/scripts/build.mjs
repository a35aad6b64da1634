// Builds the server into dist/ for `node dist/main.js`: plain JavaScript, no TypeScript loader
// at run time. The layout of dist mirrors src, so paths the server resolves from its own
// folder (the demo content, the web app's dist) reach the same places from either.
//
// With --if-stale it does nothing when the last complete build is newer than every file it is
// made from (the tests and the browser journeys build so, after `npm run build` in CI).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const serverDir = path.resolve(import.meta.dirname, '..')
const dist = path.join(serverDir, 'dist')
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
/** Every file this build writes; whatever else is in dist is left from an older build. */
const built = new Set()
/** Written last: its time says when a complete build was made. */
const stamp = path.join(dist, 'BUILT')
/** What the build is made from. */
const inputs = [
  'src',
  'scripts/build.mjs',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.contract.json',
  '../../tsconfig.base.json',
  '../../packages/contract/src',
  '../../packages/contract/tsconfig.json',
].map((input) => path.join(serverDir, input))

/** The newest change time of `file`, or of any file under it. */
function newestChange(file) {
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs
    .readdirSync(file, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) =>
        Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      stat.mtimeMs,
    )
}

function isCurrent() {
  const made = fs.statSync(stamp, { throwIfNoEntry: false })
  return made !== undefined && Math.max(...inputs.map(newestChange)) < made.mtimeMs
}

if (process.argv.includes('--if-stale') && isCurrent()) {
  console.log('The server build in dist is current.')
  process.exit(0)
}

function compile(project) {
  const output = execFileSync(process.execPath, [tsc, '-p', project, '--listEmittedFiles'], {
    cwd: serverDir,
    encoding: 'utf8',
  })
  for (const line of output.split('\n')) {
    if (line.startsWith('TSFILE: ')) built.add(path.resolve(line.slice('TSFILE: '.length)))
  }
}

function write(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  built.add(file)
}

/** Removes what no longer has a source, so a deleted module cannot live on as a stale .js. */
function removeStale(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      removeStale(file)
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file)
    } else if (!built.has(file)) {
      fs.rmSync(file)
    }
  }
}

try {
  // Written over the previous build rather than after deleting it: a server running from
  // dist keeps finding the modules it loads late (the extraction thread's entry).
  compile('tsconfig.build.json')

  // The contract package points at its TypeScript sources (for tsx, vitest and Vite). The
  // build carries its own compiled copy in dist/node_modules, which Node finds first when it
  // resolves `@dataportaal/contract` from any file in dist.
  compile('tsconfig.contract.json')
  const contract = { name: '@dataportaal/contract', type: 'module', exports: { '.': './index.js' } }
  write(
    path.join(dist, 'node_modules', '@dataportaal', 'contract', 'package.json'),
    `${JSON.stringify(contract, null, 2)}\n`,
  )

  // Read at run time by path, next to the code that reads them.
  const migrations = path.join(serverDir, 'src', 'db', 'migrations')
  for (const name of fs.readdirSync(migrations)) {
    write(path.join(dist, 'db', 'migrations', name), fs.readFileSync(path.join(migrations, name)))
  }

  write(stamp, `${new Date().toISOString()}\n`)

  removeStale(dist)
} catch (error) {
  // tsc reports type errors on its standard output, which execFileSync captured.
  process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`)
  console.error('The server build failed; dist was left as it was.')
  process.exit(1)
}
