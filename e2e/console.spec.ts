import { expect, test } from '@playwright/test'
import { waitForScreen } from './support/portal.ts'
import { SCREENS } from './support/screens.ts'
import { visitAsPublic } from './support/visitor.ts'

// A clean console: no script errors, no failed requests, nothing refused by the
// Content-Security-Policy (which the browser also reports to its developers' tools).
for (const screen of SCREENS) {
  test(`${screen.name}: no console errors or CSP violations`, async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      )
    })
    await visitAsPublic(page)
    await screen.open(page)
    await waitForScreen(page)
    expect(problems).toEqual([])
  })
}
