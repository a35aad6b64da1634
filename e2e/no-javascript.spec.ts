import { API_PREFIX, DocumentDetail, apiPaths, type DocumentFile } from '@dataportaal/contract'
import { expect, test } from '@playwright/test'
import { stat } from 'node:fs/promises'
import { ROUTES } from './support/routes.ts'
import { searchBox } from './support/portal.ts'

// Issue 33: the server-rendered pages work as plain HTML. No set-up: without scripts the
// page cannot store a first-visit choice, and the server renders the public page.
test.use({ javaScriptEnabled: false })

/** A term of the demo catalogue with more than one page of results, also of one type. */
const BROAD_QUERY = 'gemeente'

test('a visitor without JavaScript searches, filters, pages and downloads a file', async ({
  page,
  request,
}) => {
  await page.goto(ROUTES.search('bevolking'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Zoekresultaten voor "bevolking"',
  )

  // The search bar is a GET form: Enter submits it, the server renders the new URL.
  await searchBox(page).fill(BROAD_QUERY)
  await searchBox(page).press('Enter')
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === ROUTES.searchPath &&
      url.searchParams.get('query') === BROAD_QUERY &&
      url.searchParams.get('offset') === '1',
  )
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Zoekresultaten voor "${BROAD_QUERY}"`,
  )

  // A facet: tick the box, then the button that is there only without scripts.
  const types = page.getByRole('group', { name: 'Soort' })
  const firstType = types.getByRole('checkbox').first()
  const typeName = await firstType.getAttribute('value')
  await firstType.check()
  await page.getByRole('button', { name: 'Filters toepassen' }).click()
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('categoryType') === typeName &&
      url.searchParams.get('query') === BROAD_QUERY,
  )
  await expect(
    page.getByRole('group', { name: 'Soort' }).getByRole('checkbox', { checked: true }),
  ).toHaveAttribute('value', typeName ?? '')

  // The page links are plain links.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /Volgende/ })
    .click()
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('offset') === '2' && url.searchParams.get('categoryType') === typeName,
  )

  // A document with a file (some are links or maps), and that file as a download.
  const results = page.getByRole('main').locator(`a[href^="${ROUTES.documentPrefix}"]`)
  let chosen: { href: string; file: DocumentFile } | undefined
  for (const href of await results.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  )) {
    const contentUID = decodeURIComponent(href.slice(ROUTES.documentPrefix.length))
    const answer = await request.get(`${API_PREFIX.public}${apiPaths.document(contentUID)}`)
    expect(answer.ok()).toBe(true)
    const [file] = DocumentDetail.parse(await answer.json()).files
    if (file) {
      chosen = { href, file }
      break
    }
  }
  if (!chosen) throw new Error('a result on the second page has a file')
  const { file } = chosen
  await results
    .and(page.locator(`[href="${chosen.href}"]`))
    .first()
    .click()
  await expect(page).toHaveURL((url) => url.pathname === chosen.href)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: `Downloaden ${file.fileName}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(file.fileName)
  const saved = await download.path()
  expect((await stat(saved)).size).toBe(file.size)
})

test('on a phone without JavaScript the filters show, as the toggle cannot open them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(ROUTES.search('bevolking'))
  await expect(page.getByRole('button', { name: 'Filters toepassen' })).toBeVisible()
  await expect(page.getByRole('checkbox').first()).toBeVisible()
  await expect(page.getByRole('button', { name: /Filters tonen/ })).toBeHidden()
})
