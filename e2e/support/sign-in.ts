import { expect, type Page } from '@playwright/test'
import { ROUTES } from './routes.ts'
import { TEXTS } from './texts.ts'

/** The demo accounts of the built-in development identity provider. */
export const ACCOUNTS = {
  medewerker: { button: 'Inloggen als medewerker', name: 'Mirjam Medewerker' },
  beheerder: { button: 'Inloggen als beheerder', name: 'Bert Beheerder' },
} as const
export const ADMIN_ITEMS = ['Dashboard', 'Data Validatie', "Thema's", 'Labels', 'Harvesten']

/** First visit → 'Inloggen voor medewerkers' → the provider's sign-in page → back at '/'. */
export async function signInAs(page: Page, account: keyof typeof ACCOUNTS) {
  await page.goto(ROUTES.home)
  await page.getByRole('button', { name: TEXTS.employeeSignIn }).click()
  await page.getByRole('button', { name: ACCOUNTS[account].button }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home && url.search === '')
  await expect(userMenuButton(page, ACCOUNTS[account].name)).toBeVisible()
}

export const userMenuButton = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(name) })
