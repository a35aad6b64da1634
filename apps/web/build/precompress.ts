import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'
import { SERVER_BUNDLE_DIR } from './server-bundle.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt)$/

/**
 * Writes a .br and a .gz copy next to every text file of the build, so the server can send
 * compressed files without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'dataportaal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true })
      const serverBundle = path.join(outDir, SERVER_BUNDLE_DIR)
      const files = entries
        .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
        .filter((entry) => !entry.parentPath.startsWith(serverBundle))
        .map((entry) => path.join(entry.parentPath, entry.name))
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file)
          await fs.writeFile(`${file}.br`, await brotli(content))
          await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }))
        }),
      )
    },
  }
}
