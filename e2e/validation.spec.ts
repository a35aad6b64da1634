import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { anotherPersonsPage, tabTo, waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { ACCOUNTS, signInAs, userMenuButton } from './support/sign-in.ts'
import { uploadCsv } from './support/upload.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

// One journey over three people's browsers; the axe check below runs alone.
test.describe.configure({ mode: 'serial' })

const item = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })

/** The admin's badge count, 0 when hidden (the open count of every document). */
async function badgeCount(page: Page) {
  const text = (await userMenuButton(page, ACCOUNTS.beheerder.name).textContent()) ?? ''
  const match = /(\d+) documenten? wacht/.exec(text)
  return match ? Number(match[1]) : 0
}

/** 'N documenten wachten op validatie.' above the open list. */
async function listCount(page: Page) {
  const text = await page
    .getByRole('main')
    .getByText(/wacht(en)? op validatie\./)
    .innerText()
  return Number(/(\d+)/.exec(text)?.[1] ?? 0)
}

test('an upload is approved into search and another disapproved with a reason the uploader reads', async ({
  page,
  browser,
}) => {
  // Unique words, so no document of another run or journey is mistaken for these.
  const stamp = Date.now()
  const approveTitle = `Kademuurmetingen ${stamp}`
  const disapproveTitle = `Bomenregister concept ${stamp}`

  const employee = await anotherPersonsPage(browser)
  await signInAs(employee, 'medewerker')
  await uploadCsv(employee, {
    title: approveTitle,
    description: 'Metingen van de kademuren langs de grachten, per meetpunt.',
  })
  await uploadCsv(employee, {
    title: disapproveTitle,
    description: 'Een eerste versie van het bomenregister.',
  })

  // The admin sees both in the open list, and the badge counts what the list counts.
  await signInAs(page, 'beheerder')
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Bert Beheerder/ })
    .click()
  await page.getByRole('link', { name: 'Data Validatie' }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.validation)
  await expect(page).toHaveTitle(/^Data validatie \| /)
  await expect(item(page, approveTitle)).toBeVisible()
  await expect(item(page, disapproveTitle)).toContainText('Mirjam Medewerker')
  await expect(item(page, approveTitle)).toContainText('Metingen van de kademuren')
  await expect(item(page, approveTitle)).toContainText('afvalinzameling-2024.csv')
  await expect.poll(async () => (await badgeCount(page)) === (await listCount(page))).toBe(true)
  expect(await badgeCount(page)).toBeGreaterThanOrEqual(2)
  const before = await badgeCount(page)

  // Approve: confirmed, gone from the list, the badge drops, and back to /validatie.
  await page.goto(`${ROUTES.validation}?status=openstaand`)
  await item(page, approveTitle)
    .getByRole('button', { name: `Goedkeuren ${approveTitle}` })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: `"${approveTitle}" is goedgekeurd` }),
  ).toBeVisible()
  await expect(item(page, approveTitle)).toHaveCount(0)
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.validation && url.search === '')
  await expect.poll(() => badgeCount(page)).toBeLessThan(before)

  // A visitor finds it at once.
  const visitor = await anotherPersonsPage(browser)
  await visitAsPublic(visitor)
  await visitor.goto(ROUTES.search(`Kademuurmetingen ${stamp}`))
  await expect(
    visitor.getByRole('main').getByRole('link', { name: approveTitle, exact: true }),
  ).toBeVisible()

  // Disapprove: the dialog asks for a category and a reason first.
  const disapprove = item(page, disapproveTitle).getByRole('button', {
    name: `Afkeuren ${disapproveTitle}`,
  })
  await disapprove.click()
  const dialog = page.getByRole('dialog', { name: 'Document afkeuren' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Afkeuren' }).click()
  await expect(dialog.getByText('Vul een toelichting in', { exact: false })).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: /Categorie/ })).toBeFocused()
  await dialog.getByRole('combobox', { name: /Categorie/ }).selectOption('Onvolledig')
  const reason = 'De bron en de peildatum ontbreken; vul die aan.'
  await dialog.getByRole('textbox', { name: /Toelichting/ }).fill(reason)
  await dialog.getByRole('button', { name: 'Afkeuren' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: `"${disapproveTitle}" is afgekeurd` }),
  ).toBeVisible()
  await expect(item(page, disapproveTitle)).toHaveCount(0)

  // The disapproved list has it with the reason, and a visitor does not find it.
  await page.getByRole('link', { name: 'Afgekeurd', exact: true }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'afgekeurd')
  await expect(item(page, disapproveTitle)).toContainText('Afgekeurd: Onvolledig')
  await expect(item(page, disapproveTitle)).toContainText(reason)

  // The uploader reads the category and the reason on /data.
  await employee.goto(ROUTES.myData)
  const own = employee
    .getByRole('list', { name: 'Mijn documenten' })
    .getByRole('listitem')
    .filter({ has: employee.getByRole('heading', { name: disapproveTitle, exact: true }) })
  await expect(own).toContainText('Afgekeurd: Onvolledig')
  await expect(own).toContainText(reason)
  await expect(
    employee
      .getByRole('list', { name: 'Mijn documenten' })
      .getByRole('listitem')
      .filter({ has: employee.getByRole('heading', { name: approveTitle, exact: true }) }),
  ).toContainText('Goedgekeurd')
})

test('/validatie and the disapproval dialog pass axe in both colour modes and fit 320 px', async ({
  page,
  browser,
}) => {
  const employee = await anotherPersonsPage(browser)
  await signInAs(employee, 'medewerker')
  const title = `Verkeerstellingen axe ${Date.now()}`
  await uploadCsv(employee, { title, description: 'Tellingen per kruispunt.' })

  await signInAs(page, 'beheerder', ROUTES.validation)
  await waitForScreen(page)
  await expect(item(page, title)).toBeVisible()
  for (const contrast of [false, true]) {
    await setContrast(page, contrast)
    await waitForScreen(page)
    await expectNoAxeViolations(page, `/validatie${contrast ? ' (contrast)' : ''}`)
    await item(page, title)
      .getByRole('button', { name: `Afkeuren ${title}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Document afkeuren' })
    await dialog.getByRole('button', { name: 'Afkeuren' }).click()
    await expect(dialog.getByText('Vul een toelichting in', { exact: false })).toBeVisible()
    await expectNoAxeViolations(page, `disapproval dialog${contrast ? ' (contrast)' : ''}`)
    await dialog.getByRole('button', { name: 'Annuleren' }).click()
    await expect(dialog).toBeHidden()
  }
  await setContrast(page, false)
  await page.setViewportSize({ width: 320, height: 800 })
  await waitForScreen(page)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)

  // Leave nothing open for the other journeys' badge counts.
  await item(page, title)
    .getByRole('button', { name: `Goedkeuren ${title}` })
    .click()
  await expect(item(page, title)).toHaveCount(0)
})

test('an admin restores a document its owner deleted, back in its earlier status; the list passes axe', async ({
  page,
  browser,
}) => {
  const title = `Fietsenstallingen herstel ${Date.now()}`
  const employee = await anotherPersonsPage(browser)
  await signInAs(employee, 'medewerker')
  const contentUID = await uploadCsv(employee, {
    title,
    description: 'Bezetting van de fietsenstallingen per uur.',
  })

  // Approved by the admin (the employee uploaded it: four eyes are satisfied), so public.
  await signInAs(page, 'beheerder', ROUTES.validation)
  await item(page, title)
    .getByRole('button', { name: `Goedkeuren ${title}` })
    .click()
  await expect(item(page, title)).toHaveCount(0)
  const visitor = await anotherPersonsPage(browser)
  await visitAsPublic(visitor)
  const publicResult = () =>
    visitor.getByRole('main').getByRole('link', { name: title, exact: true })
  await visitor.goto(ROUTES.search(title))
  await expect(publicResult()).toBeVisible()

  // The owner deletes it from its page: gone for the visitor.
  await employee.goto(ROUTES.document(contentUID))
  await employee
    .getByRole('main')
    .getByRole('button', { name: `Verwijderen ${title}` })
    .click()
  await employee
    .getByRole('dialog', { name: 'Document verwijderen?' })
    .getByRole('button', { name: 'Ja, verwijderen' })
    .click()
  await expect(employee).toHaveURL((url) => url.searchParams.get('deleteSuccess') === 'true')
  await visitor.goto(ROUTES.search(title))
  await waitForScreen(visitor)
  await expect(publicResult()).toHaveCount(0)

  // The admin finds it under 'Verwijderd': who deleted it, and until when it can be restored.
  await page.goto(ROUTES.validation)
  await page.getByRole('link', { name: 'Verwijderd', exact: true }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'verwijderd')
  await expect(
    page.getByRole('heading', { level: 2, name: 'Verwijderde documenten' }),
  ).toBeVisible()
  const deleted = item(page, title)
  await expect(deleted).toContainText('Verwijderd door')
  await expect(deleted).toContainText('Mirjam Medewerker')
  await expect(deleted).toContainText('Goedgekeurd')
  await expect(deleted).toContainText(
    /Wordt definitief verwijderd op \d+ \w+ \d{4} \(nog 30 dagen\)/,
  )
  await waitForScreen(page)
  for (const contrast of [false, true]) {
    await setContrast(page, contrast)
    await waitForScreen(page)
    await expect(deleted).toBeVisible()
    await expectNoAxeViolations(page, `/validatie, Verwijderd${contrast ? ' (contrast)' : ''}`)
  }
  await setContrast(page, false)
  await waitForScreen(page)

  // Restored with the keyboard: confirmed, gone from the list, and public again.
  await page.getByRole('link', { name: 'Verwijderd', exact: true }).focus()
  await tabTo(page, deleted.getByRole('button', { name: `Herstellen ${title}` }), 60)
  await page.keyboard.press('Enter')
  const confirmation = page.getByRole('status').filter({ hasText: `"${title}" is hersteld` })
  await expect(confirmation).toContainText('weer gepubliceerd')
  await expect(deleted).toHaveCount(0)
  await expect(
    page.getByRole('heading', { level: 2, name: 'Verwijderde documenten' }),
  ).toBeFocused()
  await confirmation.getByRole('link', { name: 'Bekijk het herstelde document' }).click()
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.document(contentUID))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await visitor.goto(ROUTES.search(title))
  await expect(publicResult()).toBeVisible()
})
