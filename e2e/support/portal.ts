import { PublicConfig, SearchResponse } from '@dataportaal/contract'
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'
import { API, ROUTES } from './routes.ts'
import { awaitingTheApp } from './test.ts'

/** What the server tells the web app at start-up (`GET /pubapi/config`). */
export async function fetchPublicConfig(request: APIRequestContext) {
  const response = await request.get(API.config)
  expect(response.ok(), `GET ${API.config}`).toBe(true)
  return PublicConfig.parse(await response.json())
}

/** The portal name the server is configured with; every page title ends with it. */
export async function fetchPortalName(request: APIRequestContext) {
  return (await fetchPublicConfig(request)).portalName
}

/** The page of the best match for `query` in the demo catalogue, found through the API. */
export async function documentPathFor(request: APIRequestContext, query: string) {
  const response = await request.get(API.search(query))
  expect(response.ok(), `GET ${API.search(query)}`).toBe(true)
  const [first] = SearchResponse.parse(await response.json()).Results
  if (!first) throw new Error(`The demo catalogue has no document for '${query}'`)
  return ROUTES.document(first.contentUID)
}

/** Opens /zoeken for `query` and follows the link of the first result, as a visitor would. */
export async function openFirstSearchResult(page: Page, query: string) {
  await page.goto(ROUTES.search(query))
  const link = page.getByRole('main').locator(`a[href^="${ROUTES.documentPrefix}"]`).first()
  await expect(link, `a result link to ${ROUTES.documentPrefix}… on /zoeken`).toBeVisible()
  await link.click()
  await expect(page).toHaveURL((url) => url.pathname.startsWith(ROUTES.documentPrefix))
  // The address changes before the document page replaces the results: until it has, the
  // heading on screen is still the search's.
  await expect(page.getByRole('heading', { level: 1, name: /^Zoekresultaten/ })).toHaveCount(0)
}

/** Waits until the screen has its heading, nothing says it is loading and the network is quiet. */
export async function waitForScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /laden/i })).toHaveCount(0)
  await page.waitForLoadState('networkidle')
}

/** The search bar's input: the combobox in the search landmark. */
export const searchBox = (page: Page) => page.getByRole('search').getByRole('combobox')

/** Moves focus with Tab only, the way a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, maxPresses = 25) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab did not reach the element within ${maxPresses} presses`)
}

/** Another person's browser, with the options of the project (base URL, locale, viewport). */
export async function anotherPersonsPage(browser: Browser) {
  const { baseURL, locale, timezoneId, viewport } = test.info().project.use
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport })
  return awaitingTheApp(await context.newPage())
}
