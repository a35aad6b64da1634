/**
 * Debian's Chromium and the flags every browser run of the project uses (the browser
 * journeys here and the Lighthouse budgets in bench/web): headless, no sandbox in
 * containers, and nothing that talks to the network on its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
