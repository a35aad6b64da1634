import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { openFirstSearchResult, waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { setContrast } from './support/visitor.ts'

const CHART_HEADINGS = [
  'Documenten per status',
  'Documenten per soort',
  'Documenten per thema',
  'Uploads per maand',
  'Geopende documenten per dag',
  'Meest geopende documenten',
]
/** A query no demo document matches, so it is listed among the queries without results. */
const NO_RESULTS_QUERY = 'zzgeenresultaatzz'
const ACTIVITY_REPEATS = 4

const section = (page: Page, heading: string) =>
  page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) })

test('an admin sees the statistics of what was just searched and opened, per period', async ({
  page,
}) => {
  // The longest journey: eight page loads, two axe scans of a page of charts, a period and a
  // colour mode switched. About 18 s on a quiet machine; on CI's slower machine, with another
  // journey running beside it, it went past the default 60 s (twice, in one run).
  test.slow()
  await signInAs(page, 'beheerder')

  // Activity: a search without results and an opened document, each a few times, so they are
  // in the top 10 also when the other journeys search and open at the same time.
  for (let i = 0; i < ACTIVITY_REPEATS; i++) {
    await page.goto(ROUTES.search(NO_RESULTS_QUERY))
    await waitForScreen(page)
  }
  await openFirstSearchResult(page, 'fietsen')
  await waitForScreen(page)
  const opened = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? ''
  expect(opened).not.toBe('')
  for (let i = 1; i < ACTIVITY_REPEATS; i++) {
    await page.reload()
    await waitForScreen(page)
  }

  await page.goto(ROUTES.dashboard)
  await waitForScreen(page)
  await expect(page).toHaveTitle(/^Dashboard \| /)
  await expect(page.getByRole('combobox', { name: 'Periode' })).toHaveValue('30d')

  for (const heading of CHART_HEADINGS) {
    const chart = section(page, heading)
    await expect(chart.getByRole('img', { name: /^(Staaf|Lijn)diagram / }), heading).toBeVisible()
    await expect(chart.locator('svg.recharts-surface'), heading).toBeVisible()
  }
  await expect(section(page, 'Meest gezochte zoekvragen').getByRole('table')).toContainText(
    NO_RESULTS_QUERY,
  )
  await expect(section(page, 'Zoekvragen zonder resultaten').getByRole('table')).toContainText(
    NO_RESULTS_QUERY,
  )
  const topDocuments = section(page, 'Meest geopende documenten').getByRole('table')
  await expect(topDocuments.getByRole('link', { name: opened, exact: true })).toBeVisible()

  // A table behind 'Toon als tabel' opens from the keyboard.
  const opensPerDay = section(page, 'Geopende documenten per dag')
  await expect(opensPerDay.getByRole('table')).toBeHidden()
  await opensPerDay.getByText('Toon als tabel').focus()
  await page.keyboard.press('Enter')
  await expect(opensPerDay.getByRole('table')).toBeVisible()
  await expect(opensPerDay.getByRole('row')).toHaveCount(31)

  await expectNoAxeViolations(page, '/dashboard')

  // Another period: in the URL, fewer days, the opened document still on top.
  await page.getByRole('combobox', { name: 'Periode' }).selectOption('7d')
  await expect(page).toHaveURL((url) => url.searchParams.get('period') === '7d')
  await expect(opensPerDay.locator('svg.recharts-surface')).toBeVisible()
  await expect(opensPerDay.getByRole('row')).toHaveCount(8)
  await expect(topDocuments.getByRole('link', { name: opened, exact: true })).toBeVisible()

  await setContrast(page, true)
  await waitForScreen(page)
  await expect(page.getByRole('combobox', { name: 'Periode' })).toHaveValue('7d')
  await expect(section(page, 'Documenten per status').locator('svg.recharts-surface')).toBeVisible()
  await expectNoAxeViolations(page, '/dashboard in contrast mode')
})

test('an employee is told the dashboard is for admins', async ({ page }) => {
  await signInAs(page, 'medewerker', ROUTES.dashboard)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText(/alleen beschikbaar voor beheerders/)).toBeVisible()
  await expect(page.locator('svg.recharts-surface')).toHaveCount(0)
})
