import { API_PREFIX, SearchResponse, apiPaths } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { awaitingTheApp, expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/** A demo theme with approved documents. */
const DEMO_THEME = 'Bevolking'

/** Letters only, unique per run, so no document or other journey has the word. */
const madeUpWord = (prefix: string) =>
  `${prefix}${Date.now()
    .toString()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`

const pathIs = (expected: string) => (url: URL) => url.pathname === expected

/** The table row of a theme or label, by its name in the row header. */
const rowOf = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })

async function openAsAdmin(page: Page, menuItem: "Thema's" | 'Labels', path: string) {
  await signInAs(page, 'beheerder')
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Bert Beheerder/ })
    .click()
  await page.getByRole('banner').getByRole('link', { name: menuItem, exact: true }).click()
  await expect(page).toHaveURL(pathIs(path))
  await waitForScreen(page)
}

/** 'Nieuw …' → the row appears → delete, confirming in the dialog that gives the count → gone. */
async function createAndDelete(page: Page, kind: 'thema' | 'label', name: string) {
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: `Nieuw ${kind}` }).fill(name)
  await main
    .getByRole('button', { name: `${kind === 'thema' ? 'Thema' : 'Label'} toevoegen` })
    .click()
  await expect(main.getByRole('status').filter({ hasText: 'is toegevoegd' })).toContainText(name)
  await expect(rowOf(page, name)).toBeVisible()
  await expect(rowOf(page, name).getByRole('cell').first()).toHaveText('0')

  // The same name in other capitals is refused next to the field.
  await main.getByRole('textbox', { name: `Nieuw ${kind}` }).fill(name.toUpperCase())
  await main.getByRole('button', { name: /toevoegen$/ }).click()
  await expect(main.getByRole('textbox', { name: `Nieuw ${kind}` })).toHaveAccessibleDescription(
    new RegExp(`Er bestaat al een ${kind} met deze naam: ${name}`),
  )
  await main.getByRole('textbox', { name: `Nieuw ${kind}` }).fill('')

  await rowOf(page, name)
    .getByRole('button', { name: `Verwijderen ${name}` })
    .click()
  const dialog = page.getByRole('dialog', { name: new RegExp(`‘${name}’ verwijderen`) })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`Dit ${kind} staat op geen enkel document.`)
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused()
  await dialog.getByRole('button', { name: /verwijderen$/ }).click()
  await expect(dialog).toBeHidden()
  await expect(main.getByRole('status').filter({ hasText: 'is verwijderd' })).toContainText(name)
  await expect(rowOf(page, name)).toHaveCount(0)
}

test('an admin creates and deletes a theme; deleting a theme with documents says how many', async ({
  page,
}) => {
  await openAsAdmin(page, "Thema's", ROUTES.themes)
  await expect(page.getByRole('heading', { level: 1, name: "Thema's" })).toBeVisible()
  await createAndDelete(page, 'thema', `E2E thema ${madeUpWord('')}`)

  // A demo theme: the dialog gives the count the table shows, and Annuleren keeps it.
  const row = rowOf(page, DEMO_THEME)
  const count = (await row.getByRole('cell').first().textContent())?.trim() ?? ''
  expect(Number(count)).toBeGreaterThan(1)
  await row.getByRole('button', { name: `Verwijderen ${DEMO_THEME}` }).click()
  const dialog = page.getByRole('dialog', { name: `Thema ‘${DEMO_THEME}’ verwijderen?` })
  await expect(dialog).toContainText(`Dit thema staat op ${count} documenten.`)
  await expectNoAxeViolations(page, '/thema with the delete dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(row).toBeVisible()
})

test('an admin creates and deletes a label', async ({ page }) => {
  await openAsAdmin(page, 'Labels', ROUTES.labels)
  await expect(page.getByRole('heading', { level: 1, name: 'Labels' })).toBeVisible()
  await createAndDelete(page, 'label', `E2E label ${madeUpWord('')}`)
})

test('a synonym added on /thema finds the theme’s documents in search at once', async ({
  page,
  browser,
  request,
}) => {
  const word = madeUpWord('zwiebel')
  const searchFor = `${API_PREFIX.public}${apiPaths.search}?${new URLSearchParams({ query: word })}`
  const before = SearchResponse.parse(await (await request.get(searchFor)).json())
  expect(before.Total).toBe(0)

  await openAsAdmin(page, "Thema's", ROUTES.themes)
  await rowOf(page, DEMO_THEME)
    .getByRole('button', { name: `Thesaurus bewerken van ${DEMO_THEME}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Thesaurus van ‘${DEMO_THEME}’` })
  const synonyms = dialog.getByRole('textbox', { name: 'Synoniemen' })
  await expect(synonyms).toBeFocused()
  await synonyms.press('End')
  await synonyms.press('Control+End')
  await synonyms.pressSequentially(`\n${word}`)
  await dialog.getByRole('button', { name: 'Opslaan' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `De synoniemen en verwante termen van ‘${DEMO_THEME}’ zijn opgeslagen.`,
  )
  await expect(rowOf(page, DEMO_THEME)).toContainText(word)

  // A visitor, in a browser of their own, searches for the made-up word.
  const visitorContext = await browser.newContext()
  const visitor = awaitingTheApp(await visitorContext.newPage())
  await visitAsPublic(visitor)
  await visitor.goto(ROUTES.search(word))
  const firstResult = visitor
    .getByRole('main')
    .locator(`a[href^="${ROUTES.documentPrefix}"]`)
    .first()
  await expect(firstResult).toBeVisible()
  await visitorContext.close()

  const after = SearchResponse.parse(await (await request.get(searchFor)).json())
  expect(after.Total).toBeGreaterThan(0)
  for (const result of after.Results) expect(result.themes).toContain(DEMO_THEME)
})

for (const [path, menuItem] of [
  [ROUTES.themes, "Thema's"],
  [ROUTES.labels, 'Labels'],
] as const) {
  test(`${path} passes axe-core in normal colours and in contrast mode`, async ({ page }) => {
    await openAsAdmin(page, menuItem, path)
    await expectNoAxeViolations(page, path)
    await setContrast(page, true)
    await waitForScreen(page)
    await expectNoAxeViolations(page, `${path} in contrast mode`)
    if (path === ROUTES.themes) {
      await rowOf(page, DEMO_THEME)
        .getByRole('button', { name: `Thesaurus bewerken van ${DEMO_THEME}` })
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoAxeViolations(page, 'the thesaurus editor in contrast mode')
      await page.keyboard.press('Escape')
    }
    // 320 px wide: the table's rows become blocks, nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    await expect(page.getByRole('table')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    await expectNoAxeViolations(page, `${path} at 320 px in contrast mode`)
  })
}
