import fs from 'node:fs'

/**
 * Debian's Chromium and the flags every browser run of the project uses (the browser
 * journeys here and the Lighthouse budgets in bench/web): headless, no sandbox in
 * containers, and nothing that talks to the network on its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The journeys' browser: Debian's headless shell of the same Chromium (package
 * chromium-headless-shell), the build Playwright itself runs headless tests in. The full
 * browser starts a second renderer for its own window's interface with every page: on this
 * project's 2-core machine it took 2.5 s and 5 CPU-seconds to open and hydrate two pages,
 * the shell 1.1 s and 2. Without the shell, the full browser.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'
export const JOURNEYS_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH)

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
