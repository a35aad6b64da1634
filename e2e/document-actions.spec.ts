import { DocumentList, TagList } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { documentPathFor, waitForScreen } from './support/portal.ts'
import { EMPLOYEE_API, ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { setContrast } from './support/visitor.ts'

/** Demo publications (apps/server/demo/documents/manifest.json), one per journey. */
const PLAYGROUNDS = 'Speelplaatsen en trapvelden'
const CONTAINERS = 'Ondergrondse afvalcontainers'
const GARAGES = 'Parkeergarages en P+R-terreinen'
const FARMS = { title: 'Agrarische bedrijven in het buitengebied', theme: 'Landbouw' }

/** Signs in and opens the page of the demo document with this title. */
async function openAsEmployee(page: Page, title: string) {
  await signInAs(page, 'medewerker', await documentPathFor(page.request, title))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
}

/** A GET on /api with the token the app stored, to check what the server holds. */
async function employeeGet(page: Page, path: string): Promise<unknown> {
  return page.evaluate(async (url) => {
    const token = window.localStorage.getItem('token')
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
    return response.json() as Promise<unknown>
  }, path)
}

const averageOf = (page: Page) =>
  page.getByRole('main').getByRole('img', { name: /^Gemiddeld .* van 5 sterren/ })

test('an employee rates a document, sees the average change and takes the rating back', async ({
  page,
}) => {
  await openAsEmployee(page, PLAYGROUNDS)
  const rating = page.getByRole('group', { name: 'Uw beoordeling' })
  await expect(rating).toContainText('U hebt dit document nog niet beoordeeld.')

  // A click on the fourth star, as a mouse user does it.
  await rating.locator('label').filter({ hasText: '4 sterren' }).click()
  await expect(rating.getByRole('radio', { name: '4 sterren' })).toBeChecked()
  await expect(rating).toContainText('U gaf dit document 4 sterren.')
  await expect(averageOf(page)).toHaveAccessibleName(/\(1 beoordeling\)$/)

  // The keyboard: the arrows move through the stars and choose.
  await rating.getByRole('radio', { name: '4 sterren' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(rating.getByRole('radio', { name: '5 sterren' })).toBeChecked()
  await expect(averageOf(page)).toHaveAccessibleName('Gemiddeld 5 van 5 sterren (1 beoordeling)')

  // Stored: the same after a reload.
  await page.reload()
  await expect(rating.getByRole('radio', { name: '5 sterren' })).toBeChecked()
  await expect(averageOf(page)).toHaveAccessibleName('Gemiddeld 5 van 5 sterren (1 beoordeling)')

  await rating.getByRole('button', { name: 'Beoordeling verwijderen' }).click()
  await expect(rating).toContainText('U hebt dit document nog niet beoordeeld.')
  await expect(
    page.getByRole('main').getByText('Nog niet beoordeeld', { exact: true }),
  ).toBeVisible()
  await page.reload()
  await expect(rating.getByRole('radio', { checked: true })).toHaveCount(0)
})

test('an employee adds a theme through a synonym, finds it in search and removes it', async ({
  page,
}) => {
  await openAsEmployee(page, CONTAINERS)
  await waitForScreen(page)
  await expectNoAxeViolations(page, 'document page of an employee')
  await setContrast(page, true)
  await expectNoAxeViolations(page, 'document page of an employee, contrast mode')
  await setContrast(page, false)
  const themes = page.getByRole('list', { name: 'Thema’s' })
  const themeBox = page.getByRole('combobox', { name: 'Thema toevoegen' })

  // A name outside the vocabulary: the server's message next to the field.
  await themeBox.fill('Onzin')
  await themeBox.press('Enter')
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Dit thema bestaat niet. Kies een thema uit de lijst.' }),
  ).toBeVisible()
  await expect(themeBox).toHaveAttribute('aria-invalid', 'true')

  // A synonym suggested from the thesaurus adds its theme.
  await themeBox.fill('rijwiel')
  await page.getByRole('option', { name: 'rijwiel (synoniem van Fiets)' }).click()
  await expect(page.getByText('Thema Fiets is toegevoegd.')).toBeVisible()
  await expect(themes.getByRole('link', { name: 'Fiets', exact: true })).toBeVisible()

  // Search and its facets show it at once: the chip's link searches the theme.
  await themes.getByRole('link', { name: 'Fiets', exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.searchPath)
  await waitForScreen(page)
  await expect(page.getByRole('link', { name: CONTAINERS, exact: true })).toBeVisible()
  await page.goBack()

  await page.getByRole('button', { name: 'Thema Fiets verwijderen' }).click()
  await expect(page.getByText('Thema Fiets is verwijderd.')).toBeVisible()
  await expect(themes.getByRole('link', { name: 'Fiets', exact: true })).toHaveCount(0)
  await expect(themeBox).toBeFocused()
})

test('an employee adds a label, finds the document by it, and removes it', async ({ page }) => {
  await openAsEmployee(page, GARAGES)
  // Labels come from the label vocabulary the admins keep.
  const [label] = TagList.parse(await employeeGet(page, EMPLOYEE_API.labels)).Results
  if (!label) {
    throw new Error(`${EMPLOYEE_API.labels} is empty: the demo vocabulary needs a label`)
  }
  const labelBox = page.getByRole('combobox', { name: 'Label toevoegen' })
  await labelBox.fill(label.name.slice(0, 3))
  await page.getByRole('option', { name: label.name, exact: true }).click()
  await expect(page.getByText(`Label ${label.name} is toegevoegd.`)).toBeVisible()
  const labels = page.getByRole('list', { name: 'Labels' })
  await expect(labels.getByText(label.name, { exact: true })).toBeVisible()
  await page.reload()
  await expect(labels.getByText(label.name, { exact: true })).toBeVisible()

  // For employees a label is also a search filter: switched on under 'Filters kiezen'.
  await page.goto(`${ROUTES.searchPath}?offset=1`)
  await page.getByRole('button', { name: 'Filters kiezen' }).click()
  await page.getByRole('checkbox', { name: 'Label', exact: true }).check()
  const labelFacet = page.getByRole('group', { name: 'Label', exact: true })
  await labelFacet.getByRole('checkbox', { name: new RegExp(`^${label.name} \\(`) }).click()
  await expect(page).toHaveURL(/labels=/)
  const results = page.getByRole('main')
  await expect(results.getByRole('link', { name: GARAGES, exact: true })).toBeVisible()
  await results.getByRole('link', { name: GARAGES, exact: true }).click()

  await page.getByRole('button', { name: `Label ${label.name} verwijderen` }).click()
  await expect(page.getByText('Dit document heeft nog geen labels.')).toBeVisible()
})

test('an employee follows a theme and the home page shows its newest documents', async ({
  page,
}) => {
  await openAsEmployee(page, FARMS.title)

  const follow = page.getByRole('button', { name: `Volg thema ${FARMS.theme}` })
  await follow.click()
  await expect(page.getByRole('button', { name: `Ontvolg thema ${FARMS.theme}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await page.goto(ROUTES.home)
  const followed = page.getByRole('region', { name: 'Nieuw in uw thema’s' })
  await expect(followed).toContainText(`U volgt: ${FARMS.theme}`)

  // The theme's newest approved documents, as the server lists them for the theme.
  const expected = DocumentList.parse(
    await employeeGet(page, EMPLOYEE_API.themeDocuments(FARMS.theme)),
  ).Results.map((document) => document.title)
  expect(expected.length).toBeGreaterThan(0)
  await expect(followed.getByRole('heading', { level: 3 })).toHaveText(expected)

  // Unfollow from the theme facet of /zoeken: the home page explains how to follow again.
  await page.goto(`${ROUTES.searchPath}?${new URLSearchParams({ tags: FARMS.theme, offset: '1' })}`)
  await page
    .getByRole('group', { name: 'Thema' })
    .getByRole('button', { name: `Ontvolg thema ${FARMS.theme}` })
    .click()
  await expect(
    page
      .getByRole('group', { name: 'Thema' })
      .getByRole('button', { name: `Volg thema ${FARMS.theme}` }),
  ).toHaveAttribute('aria-pressed', 'false')
  await page.goto(ROUTES.home)
  await expect(page.getByRole('region', { name: 'Nieuw in uw thema’s' })).toContainText(
    'U volgt nog geen thema’s.',
  )
})
