import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { documentPathFor, fetchPortalName } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { TEXTS } from './support/texts.ts'
import { visitAsPublic } from './support/visitor.ts'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Ends with the portal name; any page but home has its own words in front of it. */
const titleFor = (portalName: string, ownWords: boolean) =>
  new RegExp(`${ownWords ? '\\S.*' : ''}${escapeRegExp(portalName)}$`)

let portalName = ''
test.beforeAll(async ({ request }) => {
  portalName = await fetchPortalName(request)
})

test.beforeEach(async ({ page }) => visitAsPublic(page))

const PUBLIC_PAGES: {
  name: string
  ownWords: boolean
  path: (request: APIRequestContext) => string | Promise<string>
}[] = [
  { name: 'home', ownWords: false, path: () => ROUTES.home },
  { name: 'search results', ownWords: true, path: () => ROUTES.search('bevolking') },
  { name: 'FAQ', ownWords: true, path: () => ROUTES.info },
  { name: 'data question', ownWords: true, path: () => ROUTES.dataQuestion },
  { name: 'document', ownWords: true, path: (request) => documentPathFor(request, 'bevolking') },
]

for (const publicPage of PUBLIC_PAGES) {
  test(`the ${publicPage.name} page's title ends with the portal name`, async ({
    page,
    request,
  }) => {
    await page.goto(await publicPage.path(request))
    await expect(page).toHaveTitle(titleFor(portalName, publicPage.ownWords))
  })
}

test('the title changes on every navigation inside the app', async ({ page }) => {
  await page.goto(ROUTES.home)
  await expect(page).toHaveTitle(titleFor(portalName, false))
  const homeTitle = await page.title()

  await page.getByRole('banner').getByRole('link', { name: TEXTS.faqLink }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.info)
  await expect(page).toHaveTitle(titleFor(portalName, true))
  await expect(page).not.toHaveTitle(homeTitle)

  await page.goBack()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home)
  await expect(page).toHaveTitle(homeTitle)
})
