import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './build/precompress.ts'
import { serverBundle } from './build/server-bundle.ts'

/** The server `npm run dev` starts; the dev server forwards every API path to it. */
const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080'
const proxied = ['/api', '/pubapi', '/mail', '/oidc', '/healthz', '/readyz']

export default defineConfig({
  plugins: [react(), precompress(), serverBundle()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, serverUrl])),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
})
