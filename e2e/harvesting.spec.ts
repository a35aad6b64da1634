import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { ckanPackage, startCkanSource, type CkanSource } from './support/ckan-source.ts'
import { anotherPersonsPage, waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { ACCOUNTS, signInAs, userMenuButton } from './support/sign-in.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/**
 * The sources of these journeys are trusted: their documents are published at once, so the
 * open count of the validation journeys stays as it is and this spec runs alongside them.
 */

/** The worker picks a run up within a second; reading and applying it takes a few more. */
const RUN_TIMEOUT = 30_000

/** Letters only, unique per run, so no document or other journey has the word. */
const madeUpWord = (prefix: string) =>
  `${prefix}${Date.now()
    .toString()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`

/** Two datasets the portal takes in, one without a title and one under an unknown licence. */
function catalogue(word: string) {
  const titles = { trees: `Boomkronen ${word}`, green: `Groenonderhoud ${word}` }
  const packages = [
    ckanPackage(`boomkronen-${word}`, titles.trees, { groups: ['Openbare ruimte'] }),
    ckanPackage(`zonder-titel-${word}`, null),
    // 'groen' is a synonym of the demo theme Openbare ruimte; 'Kroonomvang' is no theme at all.
    ckanPackage(`groenonderhoud-${word}`, titles.green, { tags: ['groen', 'Kroonomvang'] }),
    ckanPackage(`eigen-licentie-${word}`, `Eigen voorwaarden ${word}`, {
      license_id: 'propriety-xyz',
    }),
  ]
  return { titles, packages }
}

async function openHarvestingAsAdmin(page: Page) {
  await signInAs(page, 'beheerder')
  await userMenuButton(page, ACCOUNTS.beheerder.name).click()
  await page.getByRole('banner').getByRole('link', { name: 'Harvesten', exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.harvesting)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Harvesten uit andere catalogi' }),
  ).toBeVisible()
  await waitForScreen(page)
}

/** 'Bron toevoegen' filled in for a trusted CKAN source that is only harvested on request. */
async function addCkanSource(page: Page, source: CkanSource, name: string, sourceName: string) {
  const form = page.getByRole('region', { name: 'Bron toevoegen' })
  await form.getByRole('textbox', { name: /^Naam/ }).fill(name)
  await form.getByRole('textbox', { name: /^URL/ }).fill(source.url)
  await form
    .getByRole('combobox', { name: /^Soort bron/ })
    .selectOption({ label: 'CKAN-API (package_search)' })
  await form.getByRole('textbox', { name: /^Bronnaam in het portaal/ }).fill(sourceName)
  await form
    .getByRole('combobox', { name: /^Schema/ })
    .selectOption({ label: 'Alleen met de hand' })
  await form.getByRole('checkbox', { name: 'Vertrouwd', exact: true }).check()
  await expect(form.getByRole('checkbox', { name: 'Aan', exact: true })).toBeChecked()
  await form.getByRole('button', { name: 'Bron toevoegen' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'is toegevoegd' })).toHaveText(
    `De bron ‘${name}’ is toegevoegd.`,
  )
}

/** The row of a source in 'Bronnen', by its name in the row header. */
const sourceRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Bronnen' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })

/** 'Nu ophalen' → the report of the run opens and, once the worker is done, says 'Geslaagd'. */
async function runAndWaitForReport(page: Page, name: string) {
  await sourceRow(page, name)
    .getByRole('button', { name: `Nu ophalen van ${name}` })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'is gestart' })).toContainText(
    `Het ophalen van ‘${name}’ is gestart.`,
  )
  const report = page.getByRole('region', { name: `Verslag van ‘${name}’` })
  await expect(report).toBeVisible()
  await expect(fact(report, 'Status')).toHaveText('Geslaagd', { timeout: RUN_TIMEOUT })
  return report
}

/** The value of a term in a description list: the `<dd>` right after its `<dt>`. */
const fact = (scope: Locator, term: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]')

test('an admin adds a CKAN source and runs it; the report names the refusals, and a visitor finds a harvested dataset', async ({
  page,
  browser,
}) => {
  const word = madeUpWord('kroon')
  const { titles, packages } = catalogue(word)
  const ckan = await startCkanSource(packages)
  const name = `Fixture-CKAN ${word}`
  const sourceName = `Groenbeheer ${word}`
  try {
    await openHarvestingAsAdmin(page)
    await addCkanSource(page, ckan, name, sourceName)
    const row = sourceRow(page, name)
    await expect(row).toBeVisible()
    await expect(row).toContainText('CKAN-API (package_search)')
    await expect(row).toContainText(sourceName)
    await expect(row).toContainText('Alleen met de hand')
    await expect(row).toContainText('Nog niet opgehaald')

    const report = await runAndWaitForReport(page, name)
    // One page (the portal asks 100 rows at a time) read from the start.
    expect(ckan.starts[0]).toBe(0)
    await expect(fact(report, 'Gestart')).toHaveText('met de hand gestart')
    await expect(fact(report, 'Nieuw')).toHaveText('2')
    await expect(fact(report, 'Geweigerd')).toHaveText('2')
    await expect(fact(report, 'Bijgewerkt')).toHaveText('0')
    await expect(fact(report, 'Ingetrokken')).toHaveText('0')

    const refusals = report.getByRole('table', { name: 'Geweigerde records' })
    await expect(
      refusals.getByRole('row').filter({ hasText: `zonder-titel-${word}-id` }),
    ).toContainText(/Zonder titel\s*Geen titel/)
    await expect(
      refusals.getByRole('row').filter({ hasText: `eigen-licentie-${word}-id` }),
    ).toContainText(`Eigen voorwaarden ${word}`)
    await expect(
      refusals.getByRole('row').filter({ hasText: `eigen-licentie-${word}-id` }),
    ).toContainText('Onbekende licentie: propriety-xyz')
    const unmapped = report.getByRole('table', { name: 'Onbekende thema’s' })
    await expect(unmapped.getByRole('row').filter({ hasText: 'Kroonomvang' })).toContainText('1')

    // The table counts the source's documents once the run is done.
    await expect(row.getByRole('cell').nth(5)).toHaveText('2')
    await expect(row).not.toContainText('Nog niet opgehaald')

    // A visitor, in a browser of their own, finds a harvested dataset by search.
    const visitor = await anotherPersonsPage(browser)
    try {
      await visitAsPublic(visitor)
      await visitor.goto(ROUTES.search(word))
      const results = visitor.getByRole('main')
      await expect(results.getByRole('link', { name: titles.green, exact: true })).toBeVisible()
      await results.getByRole('link', { name: titles.trees, exact: true }).click()
      await expect(visitor).toHaveURL((url) => url.pathname.startsWith(ROUTES.documentPrefix))
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(titles.trees)

      const about = visitor.getByRole('region', { name: 'Over dit document' })
      await expect(fact(about, 'Bron')).toHaveText(sourceName)
      await expect(fact(about, 'Opgehaald')).toContainText(`uit ${name}`)
      await expect(about.getByRole('link', { name: 'Openbare ruimte', exact: true })).toBeVisible()

      // Its file is a link to the source's copy, not a download from the portal.
      const links = visitor.getByRole('region', { name: 'Bestanden bij de bron' })
      const file = links.getByRole('link', { name: new RegExp(`^${titles.trees} \\(CSV\\)`) })
      await expect(file).toHaveAttribute(
        'href',
        `https://data.voorbeeld.nl/bestanden/boomkronen-${word}.csv`,
      )
      await expect(links).toContainText('CSV, 4 kB')
    } finally {
      await visitor.context().close()
    }
  } finally {
    await ckan.close()
  }
})

test('/harvesten with a source and its report passes axe-core in both colour modes and at 320 px', async ({
  page,
}) => {
  const word = madeUpWord('stam')
  const ckan = await startCkanSource(catalogue(word).packages)
  const name = `Toegankelijk-CKAN ${word}`
  try {
    await openHarvestingAsAdmin(page)
    await addCkanSource(page, ckan, name, `Toegankelijk ${word}`)
    await runAndWaitForReport(page, name)
    await waitForScreen(page)
    await expectNoAxeViolations(page, '/harvesten with a report')

    await setContrast(page, true)
    await waitForScreen(page)
    await sourceRow(page, name)
      .getByRole('button', { name: `Verslag van ${name}` })
      .click()
    const report = page.getByRole('region', { name: `Verslag van ‘${name}’` })
    await expect(report.getByRole('table', { name: 'Geweigerde records' })).toBeVisible()
    await expectNoAxeViolations(page, '/harvesten with a report in contrast mode')

    // 320 px wide: the tables' rows become blocks, nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    await expect(report.getByRole('table', { name: 'Geweigerde records' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    await expectNoAxeViolations(page, '/harvesten at 320 px in contrast mode')
  } finally {
    await ckan.close()
  }
})
