import { DATA_REQUEST_URL } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

const MAIL_PATTERN = `**${DATA_REQUEST_URL}`

const form = (page: Page) => page.getByRole('form', { name: 'Stel uw vraag' })

async function fillIn(page: Page, message: string) {
  const fields = form(page)
  await fields.getByRole('textbox', { name: /^Naam/ }).fill('Jan de Vries')
  await fields.getByRole('textbox', { name: /^E-mailadres/ }).fill('jan@example.org')
  await fields.getByRole('textbox', { name: /^Onderwerp/ }).fill('Fietstellingen per wijk')
  await fields.getByRole('textbox', { name: /^Uw vraag/ }).fill(message)
  await fields.getByRole('checkbox', { name: /toestemming/ }).check()
}

test.beforeEach(async ({ page }) => {
  await visitAsPublic(page)
})

test('a visitor sends a data question and sees the confirmation', async ({ page }) => {
  await page.goto(ROUTES.home)
  await waitForScreen(page)
  // 'Datavraag' in the top bar is internal for a visitor.
  await page.getByRole('banner').getByRole('link', { name: 'Datavraag' }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.dataQuestion)
  await expect(page).toHaveTitle(/^Datavraag \| /)

  await fillIn(page, 'Hebben jullie tellingen per wijk sinds 2015?')
  const sent = page.waitForResponse(
    (response) => new URL(response.url()).pathname === DATA_REQUEST_URL,
  )
  await form(page).getByRole('button', { name: 'Versturen' }).click()
  expect((await sent).status()).toBe(202)

  const dialog = page.getByRole('dialog', { name: 'Bedankt voor uw vraag' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('U ontvangt binnen 5 werkdagen antwoord')
  // The focus is in the modal, on its only button; Enter closes it.
  const close = dialog.getByRole('button', { name: 'Sluiten' })
  await expect(close).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  // Back in the form, not at the top of the page.
  await expect(form(page).getByRole('heading', { name: 'Stel uw vraag' })).toBeFocused()
  await expect(form(page).getByRole('textbox', { name: /^Uw vraag/ })).toHaveValue('')
})

test('a server error closes the modal and keeps the typed text', async ({ page }) => {
  await page.route(MAIL_PATTERN, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Er ging iets mis', status: 500 }),
    }),
  )
  await page.goto(ROUTES.dataQuestion)
  await waitForScreen(page)
  const message = 'Graag de tellingen van de Amsterdamsestraatweg, per uur.'
  await fillIn(page, message)
  await form(page).getByRole('button', { name: 'Versturen' }).click()

  await expect(page.getByRole('alert')).toContainText('Uw vraag is niet verstuurd')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(form(page).getByRole('textbox', { name: /^Uw vraag/ })).toHaveValue(message)
  await expect(form(page).getByRole('textbox', { name: /^Naam/ })).toHaveValue('Jan de Vries')
  await expect(form(page).getByRole('checkbox', { name: /toestemming/ })).toBeChecked()
  await expect(form(page).getByRole('button', { name: 'Versturen' })).toBeFocused()
})

test('the form with validation errors passes axe in both colour modes', async ({ page }) => {
  await page.goto(ROUTES.dataQuestion)
  await waitForScreen(page)
  for (const contrast of [false, true]) {
    await setContrast(page, contrast)
    await form(page)
      .getByRole('textbox', { name: /^E-mailadres/ })
      .fill('jan@')
    await form(page).getByRole('button', { name: 'Versturen' }).click()
    await expect(form(page).getByRole('textbox', { name: /^Naam/ })).toBeFocused()
    await expect(page.getByRole('heading', { name: 'Controleer het formulier' })).toBeVisible()
    await expectNoAxeViolations(
      page,
      `/datavraag with errors${contrast ? ' in contrast mode' : ''}`,
    )
  }
})
