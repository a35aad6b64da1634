import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { anotherPersonsPage } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { uploadCsv } from './support/upload.ts'
import { visitAsPublic } from './support/visitor.ts'

/** Onderzoeksrapporten: Woo article 3.3 lid 2 j, number 015 of the DiWoo list. */
const CATEGORY = { label: 'Onderzoeksrapporten', code: '015' }
const DIWOO_NAMESPACE = 'https://standaarden.overheid.nl/diwoo/metadata/'

/** The `<loc>` values of a sitemap or sitemap index, as a crawler reads them. */
async function locations(page: Page, url: string) {
  const response = await page.request.get(url)
  expect(response.status(), url).toBe(200)
  const xml = await response.text()
  return { xml, locs: [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!) }
}

test('a Woo category chosen on upload is shown, filtered on, and published in its DiWoo sitemap once approved', async ({
  page,
  browser,
}) => {
  const title = `Onderzoek kademuren ${Date.now()}`

  const employee = await anotherPersonsPage(browser)
  await signInAs(employee, 'medewerker')
  const id = await uploadCsv(employee, {
    title,
    description: 'Een onderzoeksrapport over de staat van de kademuren.',
    wooCategory: CATEGORY.label,
  })

  // Waiting for validation, it is in no sitemap of its category.
  const robotsBefore = await (await page.request.get('/robots.txt')).text()
  const indexPath = `/sitemapindex-diwoo-infocat${CATEGORY.code}.xml`
  if (robotsBefore.includes(indexPath)) {
    const { locs } = await locations(page, indexPath)
    for (const sitemap of locs) {
      expect((await locations(page, new URL(sitemap).pathname)).xml).not.toContain(title)
    }
  }

  // The admin approves it.
  await signInAs(page, 'beheerder', `${ROUTES.validation}?status=openstaand`)
  const item = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
  await item.getByRole('button', { name: `Goedkeuren ${title}` }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `"${title}" is goedgekeurd` }),
  ).toBeVisible()

  // A visitor finds it by the category's facet, and reads the category on its page.
  const visitor = await anotherPersonsPage(browser)
  await visitAsPublic(visitor)
  await visitor.goto(ROUTES.search(title))
  // The group is not one of the default two: switched on under 'Filters kiezen'.
  await visitor.getByRole('button', { name: 'Filters kiezen' }).click()
  await visitor.getByRole('checkbox', { name: 'Woo-informatiecategorie', exact: true }).check()
  const facet = visitor.getByRole('group', { name: 'Woo-informatiecategorie' })
  await facet.getByRole('checkbox', { name: new RegExp(`^${CATEGORY.label} \\(`) }).check()
  await expect(visitor).toHaveURL((url) =>
    url.searchParams.getAll('wooCategory').includes(CATEGORY.code),
  )
  const result = visitor.getByRole('main').getByRole('link', { name: title, exact: true })
  await expect(result).toBeVisible()
  await result.click()
  await expect(visitor).toHaveURL((url) => url.pathname === ROUTES.document(id))
  await expect(visitor.getByRole('main')).toContainText(CATEGORY.label)

  // robots.txt names the category's DiWoo index, which leads to the document's file.
  const robots = await (await visitor.request.get('/robots.txt')).text()
  const indexLine = robots.split('\n').find((line) => line.endsWith(indexPath))
  expect(indexLine, robots).toMatch(/^Sitemap: http/)
  const index = await locations(visitor, indexPath)
  expect(index.xml).toContain('<sitemapindex')
  const sitemaps = await Promise.all(
    index.locs.map((loc) => locations(visitor, new URL(loc).pathname)),
  )
  const withDocument = sitemaps.filter((sitemap) => sitemap.xml.includes(title))
  expect(withDocument).toHaveLength(1)
  const sitemap = withDocument[0]!
  expect(sitemap.xml).toContain(DIWOO_NAMESPACE)
  expect(sitemap.xml).toContain(
    'resource="https://identifier.overheid.nl/tooi/def/thes/kern/c_fdaee95e"',
  )
  // Its <loc> is the published file itself: a visitor downloads the CSV from it.
  const fileLoc = sitemap.locs.find((loc) => loc.includes(id))
  expect(fileLoc, sitemap.xml).toBeDefined()
  const download = await visitor.request.get(new URL(fileLoc!).pathname)
  expect(download.status()).toBe(200)
  expect(await download.text()).toContain('afvalsoort')
})
