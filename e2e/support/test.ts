import { test as base, type Page } from '@playwright/test'

export { expect } from '@playwright/test'

/**
 * The journeys' `test`. After `page.goto` and `page.reload`, a page the server rendered is
 * awaited until the app has taken it over: public/boot.js starts the app after the first
 * paint, and a journey that typed or tapped before that would test the page without its
 * script (no-javascript.spec.ts does that on purpose, with base Playwright).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(awaitingTheApp(page))
  },
})

/**
 * `page` with its `goto` and `reload` waiting until the app has taken over a page the server
 * rendered: the journeys' `page`, and any other page a journey opens (another person's).
 */
export function awaitingTheApp(page: Page): Page {
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await appStarted(page)
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await appStarted(page)
    return response
  }
  return page
}

/** True at once for anything but a server-rendered page (the pop-up, a screen, a file). */
function appStarted(page: Page) {
  return page.waitForFunction(() => {
    const rendered = document.getElementById('root')?.hasAttribute('data-server-rendered')
    return !rendered || document.documentElement.dataset['hydrated'] === 'true'
  })
}
