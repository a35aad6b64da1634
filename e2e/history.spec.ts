import fs from 'node:fs'
import { API_PREFIX } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { anotherPersonsPage, tabTo, waitForScreen } from './support/portal.ts'
import { API, ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { DEMO_CSV_PATH, uploadCsv } from './support/upload.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/**
 * A document's history (issue 34, 'Done when'): an owner replaces a file and changes the
 * title; until an admin approves the edit a visitor sees none of it; then the visitor
 * downloads the earlier file and reads what changed, without who changed it (an admin sees
 * that). One story over three people's browsers.
 */
const FILE_NAME = 'afvalinzameling-2024.csv'
const ORIGINAL = fs.readFileSync(DEMO_CSV_PATH)
/** The same file name with other figures: the edit replaces the file, it does not add one. */
const REPLACEMENT = Buffer.from(
  `${ORIGINAL.toString('utf8').trimEnd()}\n2025-01,januari,Restafval,minicontainer,1100000,12.7\n`,
)

/** Today as the page writes dates ('28 november 2026'), in the browsers' time zone. */
const today = () =>
  new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date())

/** The original's size as the page writes it: '6 kB' for its 5.950 bytes. */
const originalSize = () =>
  `${new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 }).format(ORIGINAL.length / 1000)} kB`

const versions = (page: Page) => page.getByRole('region', { name: 'Eerdere versies' })
const changes = (page: Page) => page.getByRole('region', { name: 'Wijzigingen' })

/** Where both history sections are on the page, for a screenshot of just them. */
async function historyBox(page: Page) {
  // Bounding boxes are from the viewport; the full page's clip is from the page's top.
  await page.evaluate(() => window.scrollTo(0, 0))
  const first = await versions(page).boundingBox()
  const last = await changes(page).boundingBox()
  if (!first || !last) throw new Error('The history sections are not on the page')
  const margin = 16
  return {
    x: first.x - margin,
    y: first.y - margin,
    width: first.width + 2 * margin,
    height: last.y + last.height - first.y + 2 * margin,
  }
}

/** Approves the document from the admin's open list, as validation.spec.ts does. */
async function approve(admin: Page, title: string) {
  await admin.goto(ROUTES.validation)
  const item = admin
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: title, exact: true }) })
  await item.getByRole('button', { name: `Goedkeuren ${title}` }).click()
  await expect(
    admin.getByRole('status').filter({ hasText: `"${title}" is goedgekeurd` }),
  ).toBeVisible()
  await expect(item).toHaveCount(0)
}

test('an owner replaces a file; after approval a visitor downloads the earlier version and reads what changed', async ({
  page: admin,
  browser,
}) => {
  // Two approvals, each waiting for the background check on personal data (its first run
  // took 18 s on a loaded machine), besides three people's sign-ins and an edit.
  test.slow()
  const stamp = Date.now()
  const title = `Afvalinzameling per maand ${stamp}`
  const editedTitle = `Afvalinzameling per maand, herzien ${stamp}`

  const owner = await anotherPersonsPage(browser)
  await signInAs(owner, 'medewerker')
  const contentUID = await uploadCsv(owner, {
    title,
    description: 'Ingezameld afval per maand en per soort, met de inzamelmethode.',
  })
  await signInAs(admin, 'beheerder')
  await approve(admin, title)

  // Published, never edited: no earlier versions, no changes.
  const visitor = await anotherPersonsPage(browser)
  await visitAsPublic(visitor)
  await visitor.goto(ROUTES.document(contentUID))
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(versions(visitor)).toContainText('Er zijn geen eerdere versies')
  await expect(changes(visitor)).toContainText('niet gewijzigd sinds het werd gepubliceerd')

  // The owner edits in the browser: a new title, and the file taken off and chosen anew.
  await owner.goto(ROUTES.document(contentUID))
  await owner
    .getByRole('main')
    .getByRole('link', { name: `Bewerken ${title}` })
    .click()
  await expect(owner).toHaveURL((url) => url.pathname === ROUTES.documentEdit(contentUID))
  const form = owner.getByRole('main')
  await form.getByRole('textbox', { name: /^Titel/ }).fill(editedTitle)
  await form
    .getByRole('radiogroup', { name: FILE_NAME })
    .getByRole('radio', { name: 'Verwijderen' })
    .check()
  await form
    .getByLabel('Meer bestanden kiezen')
    .setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: REPLACEMENT })
  await form.getByRole('button', { name: 'Wijzigingen opslaan' }).click()
  await expect(owner).toHaveURL((url) => url.searchParams.get('editSuccess') === 'true')
  await expect(owner.getByRole('heading', { level: 1, name: editedTitle })).toBeVisible()
  // The owner sees the history of the edit at once.
  await expect(versions(owner)).toContainText(FILE_NAME)
  await expect(changes(owner)).toContainText(`Bestand vervangen: ${FILE_NAME}`)
  // Signed in, the download goes with the owner's token: the earlier file, already now.
  const ownVersionLink = versions(owner).getByRole('link', {
    name: new RegExp(`^Downloaden ${FILE_NAME}`),
  })
  const [ownDownload] = await Promise.all([owner.waitForEvent('download'), ownVersionLink.click()])
  expect(fs.readFileSync(await ownDownload.path()).equals(ORIGINAL)).toBe(true)

  // Before approval a visitor sees neither the edit nor its history, nor the old file.
  await visitor.goto(ROUTES.document(contentUID))
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Document niet gevonden' }),
  ).toBeVisible()
  await expect(visitor.getByText(editedTitle)).toHaveCount(0)
  await expect(versions(visitor)).toHaveCount(0)
  const history = await visitor.request.get(API.documentHistory(contentUID))
  expect(history.status()).toBe(404)
  // The same file on the public API, where the owner's link has the signed-in one.
  const versionPath = new URL((await ownVersionLink.getAttribute('href')) ?? '', owner.url())
    .pathname
  expect(versionPath.startsWith(API_PREFIX.authenticated)).toBe(true)
  const publicVersionPath = API_PREFIX.public + versionPath.slice(API_PREFIX.authenticated.length)
  expect((await visitor.request.get(publicVersionPath)).status()).toBe(404)

  await approve(admin, editedTitle)

  // The visitor: the earlier file with the date it was replaced and its size.
  await visitor.goto(ROUTES.document(contentUID))
  await expect(visitor.getByRole('heading', { level: 1, name: editedTitle })).toBeVisible()
  const earlier = versions(visitor).getByRole('listitem')
  await expect(earlier).toHaveCount(1)
  await expect(earlier).toContainText(FILE_NAME)
  await expect(earlier).toContainText(`vervangen op ${today()}, ${originalSize()}`)

  // Downloaded with the keyboard alone: the bytes are the original upload's.
  const link = earlier.getByRole('link', {
    name: `Downloaden ${FILE_NAME}, versie van voor ${today()}`,
  })
  await waitForScreen(visitor)
  await visitor.getByRole('heading', { level: 1, name: editedTitle }).click()
  await tabTo(visitor, link, 120)
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.keyboard.press('Enter'),
  ])
  expect(download.suggestedFilename()).toBe(FILE_NAME)
  const downloaded = fs.readFileSync(await download.path())
  expect(downloaded.equals(ORIGINAL), 'the earlier version is the original file').toBe(true)
  // The address that answered 404 before the approval now answers the file.
  const approvedFile = await visitor.request.get(publicVersionPath)
  expect(approvedFile.status()).toBe(200)
  expect((await approvedFile.body()).equals(ORIGINAL)).toBe(true)

  // What changed, dated, and not by whom.
  const change = changes(visitor).getByRole('listitem').first()
  await expect(change.locator('time')).toHaveText(today())
  await expect(change).toContainText('Gewijzigd: Titel')
  await expect(change).toContainText(`Bestand vervangen: ${FILE_NAME}`)
  await expect(changes(visitor)).not.toContainText('Door ')
  await expect(changes(visitor)).not.toContainText('Mirjam Medewerker')

  // An admin reads who did it.
  await admin.goto(ROUTES.document(contentUID))
  await expect(changes(admin)).toContainText('Door Mirjam Medewerker')

  // The history passes axe in both colour modes.
  await visitor.setViewportSize({ width: 1280, height: 1600 })
  for (const contrast of [false, true]) {
    await setContrast(visitor, contrast)
    await waitForScreen(visitor)
    await expect(changes(visitor)).toContainText('Gewijzigd: Titel')
    await visitor.screenshot({
      path: test.info().outputPath(`history${contrast ? '-contrast' : ''}.png`),
      fullPage: true,
      clip: await historyBox(visitor),
    })
    await expectNoAxeViolations(
      visitor,
      `document page with its history${contrast ? ' (contrast)' : ''}`,
    )
  }
})
