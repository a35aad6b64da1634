import { expect, test } from './support/test.ts'
import { searchBox } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { visitAsPublic } from './support/visitor.ts'

test.beforeEach(async ({ page }) => visitAsPublic(page))

test('an unknown path lands on the home page', async ({ page }) => {
  const response = await page.goto(ROUTES.unknown)
  // The server answers with the app (history fallback), which sends the visitor home.
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home && url.search === '')
  await expect(searchBox(page)).toBeVisible()
})
