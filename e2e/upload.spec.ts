import path from 'node:path'
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { ACCOUNTS, signInAs, userMenuButton } from './support/sign-in.ts'
import { setContrast } from './support/visitor.ts'

/** A CSV of the demo catalogue, uploaded again as a new document of its own. */
const CSV_PATH = path.resolve(
  import.meta.dirname,
  '../apps/server/demo/documents/afvalinzameling-2024.csv',
)
const UPLOAD_PATTERN = `**${API_PREFIX.authenticated}${apiPaths.upload}`

const pathIs = (expected: string) => (url: URL) => url.pathname === expected
const flagIs = (name: string, value: string) => (url: URL) => url.searchParams.get(name) === value

/** The own document on /data, found by its title. */
const ownDocument = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Mijn documenten' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('an employee uploads a CSV with a progress bar, edits it and deletes it', async ({ page }) => {
  // Unique, so a document of another run or journey is never mistaken for this one.
  const title = `Afvalinzameling per maand ${Date.now()}`
  await signInAs(page, 'medewerker')
  // The badge counts the employee's documents awaiting validation. The demo catalogue has none
  // of them, and the other journey that uploads never runs at the same time (playwright.config.ts).
  const badgeSays = (count: RegExp) =>
    expect(userMenuButton(page, ACCOUNTS.medewerker.name)).toHaveAccessibleName(count)
  await badgeSays(/^[^,]*$/)

  // Top bar 'Data Uploaden' → /data → 'Data uploaden' → the form.
  await page.getByRole('banner').getByRole('link', { name: 'Data Uploaden' }).click()
  await expect(page).toHaveURL(pathIs(ROUTES.myData))
  await page.getByRole('main').getByRole('link', { name: 'Data uploaden' }).click()
  await expect(page).toHaveURL(pathIs(ROUTES.upload))
  await expect(page).toHaveTitle(/^Data uploaden \| /)

  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: /^Titel/ }).fill(title)
  await main
    .getByRole('textbox', { name: /^Beschrijving/ })
    .fill('Ingezameld afval per maand, per soort en per inzamelmethode.')
  await main.getByRole('combobox', { name: /^Soort/ }).selectOption('Dataset')
  await main.getByRole('combobox', { name: /^Bron/ }).fill('Milieu en Duurzaamheid')
  await main.getByRole('checkbox', { name: 'Milieu en energie' }).check()
  await main.getByLabel('Bestanden kiezen').setInputFiles(CSV_PATH)
  await expect(
    main.getByRole('button', { name: 'Niet uploaden afvalinzameling-2024.csv' }),
  ).toBeVisible()

  // The request is held back a moment, so the progress bar and the disabled form can be seen.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(UPLOAD_PATTERN, async (route) => {
    await held
    await route.continue()
  })
  await main.getByRole('button', { name: 'Uploaden', exact: true }).click()
  await expect(main.getByRole('progressbar')).toBeVisible()
  await expect(main.getByRole('textbox', { name: /^Titel/ })).toBeDisabled()
  await expect(main.getByRole('button', { name: 'Uploaden', exact: true })).toBeDisabled()
  release()

  await expect(page).toHaveURL(flagIs('successfulUpload', 'true'))
  await page.unroute(UPLOAD_PATTERN)
  await badgeSays(/1 document wacht op validatie/)
  expect(new URL(page.url()).pathname).toBe(ROUTES.myData)
  await expect(
    main.getByRole('status').filter({ hasText: 'Uw document is geüpload' }),
  ).toBeVisible()
  const uploaded = ownDocument(page, title)
  await expect(uploaded).toContainText('Wacht op validatie')
  await expect(uploaded).toContainText('Milieu en Duurzaamheid')
  const documentPath = await uploaded
    .getByRole('link', { name: title, exact: true })
    .getAttribute('href')
  const contentUID = documentPath?.slice(ROUTES.documentPrefix.length) ?? ''
  expect(ROUTES.document(contentUID)).toBe(documentPath)

  // Edit: a new title; back on the document page with editSuccess=true.
  const editedTitle = `${title} (bewerkt)`
  await uploaded.getByRole('link', { name: `Bewerken ${title}` }).click()
  await expect(page).toHaveURL(pathIs(ROUTES.documentEdit(contentUID)))
  const titleBox = main.getByRole('textbox', { name: /^Titel/ })
  await expect(titleBox).toHaveValue(title)
  await expect(main.getByRole('radiogroup', { name: 'afvalinzameling-2024.csv' })).toBeVisible()
  await titleBox.fill(editedTitle)
  await main.getByRole('button', { name: 'Wijzigingen opslaan' }).click()

  await expect(page).toHaveURL(flagIs('editSuccess', 'true'))
  expect(new URL(page.url()).pathname).toBe(ROUTES.document(contentUID))
  await expect(page.getByRole('heading', { level: 1, name: editedTitle })).toBeVisible()
  await expect(
    main.getByRole('status').filter({ hasText: 'Uw wijzigingen zijn opgeslagen' }),
  ).toBeVisible()

  // Delete from the document page: asked first, then /data?deleteSuccess=true.
  await main.getByRole('button', { name: `Verwijderen ${editedTitle}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Document verwijderen?' })
  await expect(dialog).toBeVisible()
  // The harmless choice has the focus, so Enter alone does not delete.
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Ja, verwijderen' }).click()

  await expect(page).toHaveURL(flagIs('deleteSuccess', 'true'))
  expect(new URL(page.url()).pathname).toBe(ROUTES.myData)
  await expect(
    main.getByRole('status').filter({ hasText: 'Het document is verwijderd.' }),
  ).toBeVisible()
  await expect(main.getByRole('heading', { name: editedTitle })).toHaveCount(0)
  await badgeSays(/^[^,]*$/)
})

test('the upload form names what is missing next to the fields, without sending', async ({
  page,
}) => {
  await signInAs(page, 'medewerker', ROUTES.upload)
  const main = page.getByRole('main')
  let sent = false
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(apiPaths.upload)) sent = true
  })
  await main.getByRole('textbox', { name: /^Titel/ }).fill('ab')
  await main.getByRole('button', { name: 'Uploaden', exact: true }).click()

  await expect(main.getByRole('heading', { name: 'Controleer het formulier' })).toBeVisible()
  await expect(main.getByRole('textbox', { name: /^Titel/ })).toHaveAccessibleDescription(
    /Een titel is minstens 3 tekens lang\./,
  )
  await expect(main.getByLabel('Bestanden kiezen')).toHaveAccessibleDescription(
    /Kies minstens één bestand\./,
  )
  // The summary's link takes the keyboard to the field.
  await main.getByRole('link', { name: 'Een titel is minstens 3 tekens lang.' }).click()
  await expect(main.getByRole('textbox', { name: /^Titel/ })).toBeFocused()
  expect(sent).toBe(false)
  await expectNoAxeViolations(page, 'upload form with errors')
})

test('/data and the upload form pass axe in both colour modes and fit 320 px', async ({ page }) => {
  await signInAs(page, 'medewerker')
  for (const contrast of [false, true]) {
    await page.goto(ROUTES.myData)
    await setContrast(page, contrast)
    await waitForScreen(page)
    await expectNoAxeViolations(page, `/data${contrast ? ' in contrast mode' : ''}`)
    await page.goto(ROUTES.upload)
    await expect(page.getByRole('main').getByRole('checkbox').first()).toBeVisible()
    await expectNoAxeViolations(page, `upload form${contrast ? ' in contrast mode' : ''}`)
  }

  await page.setViewportSize({ width: 320, height: 640 })
  for (const route of [ROUTES.myData, ROUTES.upload]) {
    await page.goto(route)
    await waitForScreen(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `horizontal scrolling on ${route} at 320 px`).toBeLessThanOrEqual(0)
  }
})
