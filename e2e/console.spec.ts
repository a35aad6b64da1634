import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { documentPathFor, waitForScreen } from './support/portal.ts'
import { SCREENS } from './support/screens.ts'
import { visitAsPublic } from './support/visitor.ts'

// A clean console: no script errors, no failed requests, nothing refused by the
// Content-Security-Policy (which the browser also reports to its developers' tools).
async function watchConsole(page: Page): Promise<string[]> {
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
  return problems
}

for (const screen of SCREENS) {
  test(`${screen.name}: no console errors or CSP violations`, async ({ page }) => {
    const problems = await watchConsole(page)
    await visitAsPublic(page)
    await screen.open(page)
    await waitForScreen(page)
    expect(problems).toEqual([])
  })
}

// Opened by its address, a document page comes with the server's link preview and
// JSON-LD in its head: a data block, which the CSP's script-src must not refuse.
test('document page opened by its address: JSON-LD in the head, no console errors', async ({
  page,
  request,
}) => {
  const problems = await watchConsole(page)
  await visitAsPublic(page)
  await page.goto(await documentPathFor(request, 'bevolking'))
  await waitForScreen(page)
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1)
  expect(problems).toEqual([])
})
