import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, JOURNEYS_CHROMIUM_PATH } from './support/chromium.ts'
import { MAIL_DIR_VARIABLE } from './support/mail.ts'
import { startSmtpSink } from './support/smtp-sink.ts'

/**
 * Browser journeys in Debian's Chromium against the real server: demo catalogue, a fresh
 * embedded database (PGlite) per run, and the web app built into e2e/dist/web by
 * `npm run e2e`, so a build or a server elsewhere in the checkout cannot get in the way.
 */
const PORT = Number(process.env.E2E_PORT ?? 8931)
const BASE_URL = `http://localhost:${PORT}`
/** Journeys whose assertions depend on how many documents await validation. */
const OPEN_COUNT_JOURNEYS = [
  'upload.spec.ts',
  'validation.spec.ts',
  'woo-publication.spec.ts',
  'tables.spec.ts',
  'subscription-mail.spec.ts',
  'history.spec.ts',
]
const REPO_ROOT = path.resolve(import.meta.dirname, '..')
/** E2E_WEB_DIST_DIR and E2E_OUTPUT_DIR let two runs side by side keep their builds and results apart. */
const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ?? path.join(import.meta.dirname, 'dist', 'web')

if (!fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
  throw new Error(`No web app build in ${WEB_DIST_DIR}: run \`npm run test:e2e\`, which builds it.`)
}

/**
 * Playwright reads this file again in every worker; the workers inherit the environment,
 * so the database directory is made once, and removed when the run ends.
 */
function dataDirOfThisRun() {
  const inherited = process.env.DATAPORTAAL_E2E_DATA_DIR
  if (inherited) return inherited
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dataportaal-e2e-'))
  process.env.DATAPORTAAL_E2E_DATA_DIR = dir
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/**
 * The run's SMTP sink (support/smtp-sink.ts) on a free loopback port, started once, in the
 * runner's process, before the server that sends to it: Playwright starts the webServer
 * before any globalSetup, so this file is the first place to start it. The workers inherit
 * where the messages land (MAIL_DIR_VARIABLE), as they inherit the database directory.
 */
async function smtpUrlOfThisRun() {
  const inherited = process.env.DATAPORTAAL_E2E_SMTP_URL
  if (inherited) return inherited
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dataportaal-e2e-mail-'))
  process.env[MAIL_DIR_VARIABLE] = dir
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
  const { port } = await startSmtpSink(dir)
  const url = `smtp://127.0.0.1:${port}`
  process.env.DATAPORTAAL_E2E_SMTP_URL = url
  return url
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Uploads, approvals and disapprovals change the open count that two of these journeys
  // assert on (only two demo accounts exist), so they take turns on one worker while the rest
  // runs on the other. They come first: listed last, they ran after the rest, on one worker
  // with the other idle (300 s of a 900 s run).
  projects: [
    { name: 'open count', testMatch: OPEN_COUNT_JOURNEYS, workers: 1 },
    { name: 'journeys', testIgnore: OPEN_COUNT_JOURNEYS },
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  // One retry, so a rare timing flake on a loaded 2-core machine cannot block a landing; the
  // list reporter still names every test that needed it as flaky.
  retries: 1,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: JOURNEYS_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace records every action's DOM and a screencast: kept for each test, it made every
    // action of a journey take 1-2 s on a loaded 2-core machine. The retry of a failed test
    // records one, so a failure that repeats still leaves its trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The built server, as production runs it: `npm run e2e` builds it first.
    command: 'npm run start -w apps/server',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/readyz`,
    // A first start with the demo catalogue takes about 16 s on two cores; slow machines get more.
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDirOfThisRun(),
      WEB_DIST_DIR,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      // Every browser of the run searches from 127.0.0.1: one client to the per-client limit
      // of searches and suggestions, which the server's own tests cover.
      SEARCH_RATE_LIMIT_PER_MINUTE: '0',
      // Never a developer's PostgreSQL, identity provider, mail server or map tiles: mail
      // goes to the run's own sink on loopback, where the specs read it (support/mail.ts).
      DATABASE_URL: '',
      OIDC_AUTHORITY: '',
      SMTP_URL: await smtpUrlOfThisRun(),
      MAP_TILE_URL: '',
      // Nor the demo catalogue's source pages: the link checker stays off.
      LINK_CHECK_INTERVAL_HOURS: '0',
    },
  },
})
