import fs from 'node:fs/promises'
import { expect, test } from './support/test.ts'
import { API, ROUTES } from './support/routes.ts'
import { searchBox, waitForScreen } from './support/portal.ts'
import { visitAsPublic } from './support/visitor.ts'

/** A demo dataset with a CSV file (apps/server/demo/documents/manifest.json). */
const DATASET = {
  title: 'Bevolking per wijk naar leeftijd, 1 januari 2024',
  fileName: 'bevolking-per-wijk-2024.csv',
  csvHeader: 'wijkcode',
}

test('a visitor searches, filters by a facet, opens a document, downloads its file and goes back to the same filtered results', async ({
  page,
}) => {
  await visitAsPublic(page)
  await page.goto(ROUTES.home)

  // Search from the search bar.
  await searchBox(page).fill('bevolking per wijk')
  await searchBox(page).press('Enter')
  await expect(page).toHaveURL(ROUTES.search('bevolking per wijk'))
  await waitForScreen(page)
  const total = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /resultat/ })
  const unfiltered = await total.textContent()

  // Filter on the content type facet: the filter and page 1 go into the URL.
  const typeFacet = page.getByRole('group', { name: 'Soort' })
  await typeFacet.getByRole('checkbox', { name: /^Dataset \(/ }).check()
  await expect(page).toHaveURL(/[?&]categoryType=Dataset(&|$)/)
  await expect(page).toHaveURL(/[?&]offset=1(&|$)/)
  await expect(page).toHaveURL(/[?&]query=bevolking\+per\+wijk(&|$)/)
  await expect(total).not.toHaveText(unfiltered ?? '')
  const filteredUrl = page.url()
  await expect(page.getByRole('button', { name: /Soort: Dataset/ })).toBeVisible()

  // Follow the filtered search without an account: its Atom feed, linked and announced.
  const feedLink = page.getByRole('link', { name: 'Volg deze zoekopdracht (Atom-feed)' })
  const feedHref = (await feedLink.getAttribute('href')) ?? ''
  expect(feedHref).toBe(
    `${API.documentsFeed}?${new URLSearchParams({ query: 'bevolking per wijk', categoryType: 'Dataset' }).toString()}`,
  )
  await expect(
    page.locator('head link[rel="alternate"][type="application/atom+xml"]'),
  ).toHaveAttribute('href', feedHref)
  const feed = await page.request.get(feedHref)
  expect(feed.headers()['content-type']).toContain('application/atom+xml')
  expect(await feed.text()).toContain(`<title type="text">${DATASET.title}</title>`)

  // Open the document from the results.
  await page.getByRole('link', { name: DATASET.title }).click()
  await expect(page).toHaveURL((url) => url.pathname.startsWith(ROUTES.documentPrefix))
  await expect(page.getByRole('heading', { level: 1, name: DATASET.title })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${DATASET.title}`))
  // The CSV preview shows the file's first rows as a table.
  await expect(page.getByRole('table').first()).toContainText(DATASET.csvHeader)

  // Download the file: the real bytes of the demo file arrive.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: `Downloaden ${DATASET.fileName}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(DATASET.fileName)
  const content = await fs.readFile((await download.path())!, 'utf8')
  expect(content.startsWith(DATASET.csvHeader)).toBe(true)

  // Back: the same filtered results, with the filter still checked.
  await page.goBack()
  await expect(page).toHaveURL(filteredUrl)
  await expect(
    page.getByRole('group', { name: 'Soort' }).getByRole('checkbox', { name: /^Dataset \(/ }),
  ).toBeChecked()
  await expect(searchBox(page)).toHaveValue('bevolking per wijk')
  await expect(page.getByRole('link', { name: DATASET.title })).toBeVisible()
})

test('a facet box shows as ticked at once, also on a slow device', async ({ page }) => {
  await visitAsPublic(page)
  await page.goto(ROUTES.search('bevolking'))
  await waitForScreen(page)
  // A phone-like CPU: the filtered page takes a while to render.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
  const typeFacet = page.getByRole('group', { name: 'Soort' })
  // `check()` fails when the box is not ticked right after the click.
  await typeFacet.getByRole('checkbox', { name: /^Dataset \(/ }).check()
  await expect(page).toHaveURL(/[?&]categoryType=Dataset(&|$)/)
  await typeFacet.getByRole('checkbox', { name: /^Dataset \(/ }).uncheck()
  await expect(page).not.toHaveURL(/categoryType=/)
})
