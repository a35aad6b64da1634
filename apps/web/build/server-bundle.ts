import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build, type InlineConfig, type Plugin } from 'vite'

/** Where the server bundle goes, inside the web app's build; the server never serves it. */
export const SERVER_BUNDLE_DIR = 'ssr'

/**
 * After the browser's build, builds src/entry-server.tsx for Node into `<outDir>/ssr/`:
 * the same components, for the server to render the public pages with
 * (apps/server/src/http/server-render.ts). One `vite build` gives both, into one folder,
 * so the two always belong together.
 */
export function serverBundle(): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'dataportaal-server-bundle',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await build(serverBuildConfig(root, path.join(outDir, SERVER_BUNDLE_DIR)))
    },
  }
}

/** The server bundle's build of `entry` (relative to `root`, the web app) into `outDir`. */
export function serverBuildConfig(
  root: string,
  outDir: string,
  entry = 'src/entry-server.tsx',
): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    // React's production build, whatever NODE_ENV the server runs with (`npm start` sets
    // none): its development build checks and records every element it makes, which made
    // rendering /zoeken take 99 instead of 13 ms (bench/README.md, bench/search, 2026-11-28).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Self-contained: the bundle runs wherever the build was put (WEB_DIST_DIR), with
    // no node_modules beside it.
    ssr: { noExternal: true },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      sourcemap: true,
    },
  }
}
