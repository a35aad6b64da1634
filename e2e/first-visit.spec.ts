import { STORAGE_KEYS } from '@dataportaal/contract'
import type { Locator, Page } from '@playwright/test'
import { awaitingTheApp, expect, test } from './support/test.ts'
import { searchBox } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { TEXTS } from './support/texts.ts'
import { readStored } from './support/visitor.ts'

/** #ededee, the light grey page behind the pop-up. */
const LIGHT_GREY = 'rgb(237, 237, 238)'

const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** Where keyboard focus is: in the dialog, elsewhere in the page, or out of the page. */
const focusPlace = (dialog: Locator) =>
  dialog.evaluate((element) => {
    if (!document.hasFocus()) return 'browser'
    if (element.contains(document.activeElement)) return 'dialog'
    return `page behind: ${document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing'}`
  })

test('a first visit asks which portal; the public choice is stored and not asked again', async ({
  page,
  context,
}) => {
  // Every test starts in a new browser context: no stored choice, as on a first visit.
  await page.goto(ROUTES.home)
  const dialog = page.getByRole('dialog', { name: TEXTS.firstVisitHeading })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: TEXTS.firstVisitHeading })).toBeVisible()
  expect(await pageBackground(page)).toBe(LIGHT_GREY)

  // A real modal: focus starts inside, and Tab, also backwards, goes round its buttons and
  // never reaches the page behind. Chromium lets focus leave a native modal dialog for the
  // browser's own controls (the page then has no focus) before it comes back.
  const modal = await dialog.evaluate(
    (element) => element.matches(':modal') || element.getAttribute('aria-modal') === 'true',
  )
  expect(modal, 'the pop-up is modal').toBe(true)
  expect(await focusPlace(dialog), 'focus when the pop-up opens').toBe('dialog')
  const focused = new Set<string>()
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(['dialog', 'browser'], `focus after ${key}`).toContain(await focusPlace(dialog))
    focused.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
  }
  expect([...focused], 'Tab reaches both choices').toEqual(
    expect.arrayContaining([TEXTS.publicPortal, TEXTS.employeeSignIn]),
  )

  const reload = page.waitForEvent('load')
  await dialog.getByRole('button', { name: TEXTS.publicPortal }).click()
  await reload
  expect(await readStored(page, STORAGE_KEYS.choice)).toBe('open')
  await expect(searchBox(page)).toBeVisible()
  await expect(page.getByRole('button', { name: TEXTS.notSignedIn })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect(await pageBackground(page)).not.toBe(LIGHT_GREY)

  // A second visit in the same browser goes straight to the portal.
  const secondVisit = awaitingTheApp(await context.newPage())
  await secondVisit.goto(ROUTES.home)
  await expect(searchBox(secondVisit)).toBeVisible()
  await expect(secondVisit.getByRole('dialog')).toHaveCount(0)
})
