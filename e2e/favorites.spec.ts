import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { waitForScreen } from './support/portal.ts'
import { EMPLOYEE_API, ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'

/** Demo publications (apps/server/demo/documents/manifest.json), one per journey. */
const TREES = { query: 'bomenregister', title: 'Bomenregister gemeentelijke bomen' }
const SCHOOLS = {
  query: 'schoolgebouwen',
  title: 'Schoolgebouwen primair en voortgezet onderwijs',
}

const star = (
  page: Page,
  action: 'Markeer als favoriet' | 'Verwijder uit favorieten',
  title: string,
) => page.getByRole('main').getByRole('button', { name: `${action}: ${title}`, exact: true })

async function searchFor(page: Page, query: string, title: string) {
  await page.goto(ROUTES.search(query))
  await waitForScreen(page)
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible()
}

test('an employee favourites a search result, finds it on /favorieten and unfavourites it there', async ({
  page,
}) => {
  await signInAs(page, 'medewerker')
  await searchFor(page, TREES.query, TREES.title)
  await expectNoAxeViolations(page, 'search results of an employee')

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/favorite') && response.request().method() === 'PUT',
  )
  await star(page, 'Markeer als favoriet', TREES.title).click()
  await expect(star(page, 'Verwijder uit favorieten', TREES.title)).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  expect((await saved).ok()).toBe(true)

  // The top bar's link to the favourites.
  await page.getByRole('banner').getByRole('link', { name: 'Favorieten' }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.favorites)
  await expect(page.getByRole('heading', { level: 1, name: 'Favorieten' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Uw favorieten' })
  await expect(list.getByRole('link', { name: TREES.title, exact: true })).toBeVisible()
  await waitForScreen(page)
  await expectNoAxeViolations(page, 'favourites')

  // Unfavouriting there removes the item once the server has confirmed.
  await list
    .getByRole('button', { name: `Verwijder uit favorieten: ${TREES.title}`, exact: true })
    .click()
  await expect(page.getByText(`${TREES.title} is uit uw favorieten verwijderd.`)).toBeVisible()
  await expect(page.getByRole('link', { name: TREES.title, exact: true })).toHaveCount(0)

  // The server agrees: after a reload it is still gone, and the search result's star is off.
  await page.reload()
  await waitForScreen(page)
  await expect(page.getByRole('link', { name: TREES.title, exact: true })).toHaveCount(0)
  await searchFor(page, TREES.query, TREES.title)
  await expect(star(page, 'Markeer als favoriet', TREES.title)).toHaveAttribute(
    'aria-pressed',
    'false',
  )
})

test('a favourite whose server call fails flips back and says so', async ({ page }) => {
  await signInAs(page, 'medewerker')
  await page.route(EMPLOYEE_API.favoritePattern, async (route) => {
    // Long enough to see the star change before the answer comes.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Er ging iets mis', status: 500 }),
    })
  })
  await searchFor(page, SCHOOLS.query, SCHOOLS.title)

  await star(page, 'Markeer als favoriet', SCHOOLS.title).click()
  // At once, before the server has answered…
  await expect(star(page, 'Verwijder uit favorieten', SCHOOLS.title)).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // …and back when it has refused.
  await expect(star(page, 'Markeer als favoriet', SCHOOLS.title)).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect(
    page.getByRole('status').filter({ hasText: 'Markeren als favoriet is niet gelukt.' }),
  ).toBeVisible()

  // Nothing was stored.
  await page.unroute(EMPLOYEE_API.favoritePattern)
  await page.goto(ROUTES.favorites)
  await waitForScreen(page)
  await expect(page.getByRole('link', { name: SCHOOLS.title, exact: true })).toHaveCount(0)
})
