import { API_PREFIX, SUBSCRIPTION_PAGES, SUBSCRIPTION_PATHS } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { waitForScreen } from './support/portal.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/*
 * The visitor's side of following by e-mail in the browser, and axe on the form and the
 * landing pages. The journey through the mail itself (confirm from the mail → a published
 * match → exactly one message → one-click unsubscribe → nothing more) is
 * subscription-mail.spec.ts, against the run's SMTP sink; it publishes documents, so it
 * runs with the open-count journeys.
 */

const followForm = (page: Page) => page.getByRole('region', { name: 'Volg via e-mail' })

test.beforeEach(async ({ page }) => {
  await visitAsPublic(page)
})

test('a visitor follows a search by e-mail and is told to check the mail', async ({ page }) => {
  await page.goto('/zoeken?query=fiets&offset=1')
  await waitForScreen(page)
  const form = followForm(page)
  await expect(form).toBeVisible()
  for (const contrast of [false, true]) {
    await setContrast(page, contrast)
    await expectNoAxeViolations(page, `follow form${contrast ? ' (contrast)' : ''}`)
  }
  await setContrast(page, false)

  // Keyboard only: into the address, to the weekly digest, and send.
  await form.getByRole('textbox', { name: /^E-mailadres/ }).focus()
  await page.keyboard.type('bezoeker@example.org')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(form.getByRole('radio', { name: 'Wekelijks overzicht' })).toBeChecked()
  const sent = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${API_PREFIX.public}${SUBSCRIPTION_PATHS.subscribe}`,
  )
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Volgen' })).toBeFocused()
  await page.keyboard.press('Enter')
  expect((await sent).status()).toBe(202)
  await expect(form.getByText(/^Controleer uw e-mail/)).toBeVisible()
})

for (const [name, path, button] of [
  ['confirm', SUBSCRIPTION_PAGES.confirm, 'Bevestigen'],
  ['unsubscribe', SUBSCRIPTION_PAGES.unsubscribe, 'Afmelden'],
] as const) {
  test(`the ${name} landing page shows a button, and says so when the link is not valid`, async ({
    page,
  }) => {
    await page.goto(`${path}?token=onbekend`)
    await waitForScreen(page)
    const action = page.getByRole('button', { name: button })
    await expect(action).toBeVisible()
    for (const contrast of [false, true]) {
      await setContrast(page, contrast)
      await expectNoAxeViolations(page, `${name} page${contrast ? ' (contrast)' : ''}`)
    }
    await action.click()
    await expect(
      page.getByText(name === 'confirm' ? /niet \(meer\) geldig/ : /^U bent afgemeld/),
    ).toBeVisible()
  })
}

test('the manage page says when its link is not valid, axe clean', async ({ page }) => {
  await page.goto(`${SUBSCRIPTION_PAGES.manage}?token=onbekend`)
  await waitForScreen(page)
  await expect(page.getByText('niet (meer) geldig')).toBeVisible()
  for (const contrast of [false, true]) {
    await setContrast(page, contrast)
    await expectNoAxeViolations(page, `manage page${contrast ? ' (contrast)' : ''}`)
  }
})
