import { API_PREFIX, BucketList, apiPaths } from '@dataportaal/contract'
import type { APIRequestContext, Page } from '@playwright/test'
import { awaitingTheApp, expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { tabTo, waitForScreen } from './support/portal.ts'
import { ACCOUNTS, signInAs } from './support/sign-in.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

const THEMES_PATH = '/themas'
/** The theme pages' page size: more documents than this give a second page. */
const PAGE_SIZE = 10

/** The demo theme with the most published documents (the aggregation is by count, descending). */
async function largestTheme(request: APIRequestContext) {
  const response = await request.get(`${API_PREFIX.public}${apiPaths.tagsAggregation}`)
  const buckets = BucketList.parse(await response.json()).Results
  const theme = buckets.find((bucket) => bucket.key !== 'Geen Thema')
  if (!theme) throw new Error('the demo catalogue has no themes')
  return theme
}

const themeLink = (page: Page, name: string) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) })

test('a visitor browses the themes, opens one, pages through its documents and finds its feed', async ({
  page,
}) => {
  const theme = await largestTheme(page.request)
  expect(theme.count, 'the largest demo theme fills more than one page').toBeGreaterThan(PAGE_SIZE)
  await visitAsPublic(page)
  await page.goto('/')
  // The footer links the themes overview; keyboard only from the top of the page.
  const overview = page.getByRole('contentinfo').getByRole('link', { name: 'Thema’s' })
  await tabTo(page, overview, 80)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(THEMES_PATH)
  await expect(page.getByRole('heading', { level: 1, name: 'Thema’s' })).toBeVisible()

  const tile = themeLink(page, theme.key)
  await expect(tile).toContainText(`${theme.count} documenten`)
  await tabTo(page, tile, 80)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${THEMES_PATH}/${encodeURIComponent(theme.key)}`)
  await expect(page.getByRole('heading', { level: 1, name: theme.key })).toBeVisible()

  const documents = page.getByRole('list', { name: `Documenten in ${theme.key}` })
  await expect(documents.getByRole('listitem')).toHaveCount(PAGE_SIZE)
  const documentLinks = () =>
    documents
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  const firstPage = await documentLinks()
  const feed = page.getByRole('link', {
    name: `Volg nieuwe documenten in ${theme.key} (Atom-feed)`,
  })
  await expect(feed).toHaveAttribute('href', /\/pubapi\/feeds\/documents\.atom\?tags=/)
  const atom = await page.request.get(await feed.getAttribute('href').then((href) => href ?? ''))
  expect(atom.ok()).toBe(true)
  expect(await atom.text()).toContain('<feed')

  await page
    .getByRole('navigation', { name: 'Paginering' })
    .getByRole('link', { name: /Volgende/ })
    .click()
  await expect(page).toHaveURL(/\?offset=2$/)
  await expect(page.getByRole('status').filter({ hasText: 'pagina 2' })).toBeVisible()
  // The next ten documents, none of the first page's.
  await expect
    .poll(async () => (await documentLinks()).filter((href) => firstPage.includes(href)))
    .toEqual([])
  expect(await documentLinks()).toHaveLength(PAGE_SIZE)
})

test('an unknown theme says it was not found', async ({ page }) => {
  await visitAsPublic(page)
  await page.goto(`${THEMES_PATH}/Bestaat%20niet`)
  await expect(page.getByRole('heading', { level: 1, name: 'Thema niet gevonden' })).toBeVisible()
})

test('an employee sees who follows a theme and follows it', async ({ page }) => {
  const buckets = BucketList.parse(
    await (await page.request.get(`${API_PREFIX.public}${apiPaths.tagsAggregation}`)).json(),
  ).Results
  // Another theme than the one document-actions.spec.ts follows, so the journeys run side by side.
  const theme = buckets.filter((bucket) => !['Geen Thema', 'Landbouw'].includes(bucket.key))[1]
  if (!theme) throw new Error('the demo catalogue has too few themes')
  await signInAs(page, 'medewerker', `${THEMES_PATH}/${encodeURIComponent(theme.key)}`)
  const followers = page.getByRole('region', { name: 'Collega’s die dit thema volgen' })
  await expect(followers).toContainText('Nog geen collega’s volgen dit thema.')

  const follow = followers.getByRole('button', { name: `Volg thema ${theme.key}` })
  await tabTo(page, follow, 80)
  await page.keyboard.press('Enter')
  await expect(followers).toContainText('1 collega volgt dit thema:')
  await expect(followers.getByRole('listitem')).toHaveText([ACCOUNTS.medewerker.name])

  await followers.getByRole('button', { name: `Ontvolg thema ${theme.key}` }).click()
  await expect(followers).toContainText('Nog geen collega’s volgen dit thema.')
})

for (const contrast of [false, true]) {
  const mode = contrast ? 'contrast mode' : 'normal colours'
  test(`theme pages, visitor and employee: no axe-core violations (${mode})`, async ({
    page,
    browser,
  }) => {
    const theme = await largestTheme(page.request)
    await visitAsPublic(page)
    for (const path of [THEMES_PATH, `${THEMES_PATH}/${encodeURIComponent(theme.key)}`]) {
      await page.goto(path)
      await setContrast(page, contrast)
      await waitForScreen(page)
      await expectNoAxeViolations(page, `${path} as a visitor (${mode})`)
    }
    // The employee in a browser of their own.
    const employee = awaitingTheApp(await (await browser.newContext()).newPage())
    await signInAs(employee, 'medewerker', `${THEMES_PATH}/${encodeURIComponent(theme.key)}`)
    await setContrast(employee, contrast)
    await waitForScreen(employee)
    await expect(
      employee.getByRole('region', { name: 'Collega’s die dit thema volgen' }),
    ).toBeVisible()
    await expectNoAxeViolations(employee, `theme page as an employee (${mode})`)
    await employee.goto('/')
    await waitForScreen(employee)
    await expect(employee.getByRole('region', { name: 'Uw labels' })).toBeVisible()
    await expectNoAxeViolations(employee, `home page with labels (${mode})`)
    await employee.context().close()
  })
}
