import { STORAGE_KEYS } from '@dataportaal/contract'
import { expect, test } from './support/test.ts'
import { ROUTES } from './support/routes.ts'
import { TEXTS } from './support/texts.ts'
import { readStored, visitAsPublic } from './support/visitor.ts'
import {
  ACCOUNTS,
  ADMIN_ITEMS,
  signInAs,
  signInThroughTheProvider,
  userMenuButton,
} from './support/sign-in.ts'

test('an employee signs in, stays signed in over a reload and signs out to the public portal', async ({
  page,
}) => {
  await signInThroughTheProvider(page, 'medewerker')

  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Favorieten' })).toHaveAttribute(
    'href',
    ROUTES.favorites,
  )
  await expect(banner.getByRole('link', { name: 'Data Uploaden' })).toHaveAttribute(
    'href',
    ROUTES.myData,
  )
  expect(await readStored(page, STORAGE_KEYS.authenticated)).toBe('true')
  expect(await readStored(page, STORAGE_KEYS.choice)).toBe('employees')
  expect(await readStored(page, STORAGE_KEYS.token)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  expect(await readStored(page, STORAGE_KEYS.isAdmin)).toBe('false')

  await userMenuButton(page, ACCOUNTS.medewerker.name).click()
  for (const item of ADMIN_ITEMS) {
    await expect(banner.getByRole('link', { name: item, exact: true })).toHaveCount(0)
  }

  // Signed-in calls go to /api with the bearer token.
  const searchCall = page.waitForRequest((request) => request.url().includes('/api/search'))
  await page.reload()
  await expect(userMenuButton(page, ACCOUNTS.medewerker.name)).toBeVisible()
  expect((await searchCall).headers()['authorization']).toMatch(/^Bearer /)

  await userMenuButton(page, ACCOUNTS.medewerker.name).click()
  await banner.getByRole('button', { name: 'Uitloggen' }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home)
  await expect(banner.getByRole('button', { name: TEXTS.notSignedIn })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await readStored(page, STORAGE_KEYS.authenticated)).toBe('false')
  expect(await readStored(page, STORAGE_KEYS.choice)).toBeNull()
  await expect(banner.getByRole('link', { name: 'Favorieten' })).toHaveCount(0)
})

test('an admin sees the admin items and reaches /thema', async ({ page }) => {
  await signInThroughTheProvider(page, 'beheerder')
  const banner = page.getByRole('banner')
  await userMenuButton(page, ACCOUNTS.beheerder.name).click()
  for (const item of ADMIN_ITEMS) {
    await expect(banner.getByRole('link', { name: item, exact: true })).toBeVisible()
  }
  expect(await readStored(page, STORAGE_KEYS.isAdmin)).toBe('true')

  await banner.getByRole('link', { name: "Thema's", exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.themes)
  await expect(page.getByRole('heading', { level: 1, name: "Thema's" })).toBeVisible()
})

test('a visitor typing /thema lands on the home page', async ({ page }) => {
  await visitAsPublic(page)
  await page.goto(ROUTES.themes)
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a sign-in stored without the flags that go with it shows the portal, signed in', async ({
  page,
}) => {
  await signInAs(page, 'medewerker')
  // As storage of an earlier version, or partly cleared, would have it: the identity library's
  // account and nothing else, so the page starts out hidden as for the first-visit pop-up.
  await page.evaluate(
    (keys) => keys.forEach((key) => window.localStorage.removeItem(key)),
    [STORAGE_KEYS.choice, STORAGE_KEYS.authenticated, STORAGE_KEYS.token],
  )
  await page.reload()
  await expect(userMenuButton(page, ACCOUNTS.medewerker.name)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await readStored(page, STORAGE_KEYS.authenticated)).toBe('true')
})
