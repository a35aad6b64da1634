// `npm run dev`: the API server with reload on change, and Vite's dev server (which
// forwards API paths to it) for the web app. Ctrl+C stops both.
import { spawn } from 'node:child_process'

const children = [
  ['server', ['run', 'dev', '-w', 'apps/server']],
  ['web', ['run', 'dev', '-w', 'apps/web']],
].map(([name, args]) => {
  const child = spawn('npm', args, { stdio: 'inherit' })
  child.on('exit', (code) => {
    console.log(`[dev] ${name} stopped (${code ?? 'signal'})`)
    stopAll()
  })
  return child
})

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
}

process.on('SIGINT', stopAll)
process.on('SIGTERM', stopAll)
