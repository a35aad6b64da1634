import fs from 'node:fs/promises'
import { API_PREFIX } from '@dataportaal/contract'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { anotherPersonsPage } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { uploadCsv, type UploadFile } from './support/upload.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/**
 * Tables you can query (issue 31): a Dutch CSV as Excel on Windows saves it is loaded into a
 * table; a visitor filters it on the document page and downloads exactly those rows, which a
 * script gets from the API too; the owner documents a column that the visitor then reads; a
 * broken CSV shows its quality report to the owner. One story over three people's browsers.
 */
test.describe.configure({ mode: 'serial' })

/** Loading runs in the background after the upload: the page asks again until it is done. */
const LOAD_TIMEOUT = 60_000

/** Windows-1252 is Latin-1 except for a few characters, of which this file has only '€'. */
const windows1252 = (text: string) => Buffer.from(text.replaceAll('€', '\x80'), 'latin1')

/** Dutch notation: thousands points and a decimal comma ('1.234,50'). */
const dutch = (value: number) =>
  new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  )

/** The rows of the table, known to the test, so that every filter has a reference to meet. */
const MUNICIPALITIES = [
  'Utrecht',
  'Zeist',
  'Súdwest-Fryslân',
  'Nieuwegein',
  'Houten',
  'IJsselstein',
  'Bunnik',
  'De Bilt',
  'Woerden',
  'Amersfoort',
  'Soest',
  'Baarn',
  'Veenendaal',
  'Rhenen',
  'Wijk bij Duurstede',
  'Lopik',
  'Montfoort',
  'Oudewater',
  'Vijfheerenlanden',
  'Stichtse Vecht',
  'Renswoude',
  'Woudenberg',
  'Leusden',
  'Eemnes',
  'Utrechtse Heuvelrug',
  'Noardeast-Fryslân',
  'Gooise Meren',
  'Hilversum',
  'Wijdemeren',
  'Ronde Venen',
]
const ROWS = MUNICIPALITIES.map((gemeente, index) => ({
  gemeente,
  jaar: 2020 + (index % 5),
  // From 450,25 upward, some past a thousand: '1.234,50' must be read as 1234.5.
  bedrag: Math.round((450.25 + index * 61.5) * 100) / 100,
  actief: index % 3 === 0 ? 'ja' : 'nee',
}))
const AMOUNT = 'bedrag (€)'
const THRESHOLD = 1_000

const DUTCH_CSV: UploadFile = {
  name: 'uitgaven-per-gemeente.csv',
  mimeType: 'text/csv',
  buffer: windows1252(
    [
      `gemeente;jaar;${AMOUNT};actief`,
      ...ROWS.map((row) => `${row.gemeente};${row.jaar};${dutch(row.bedrag)};${row.actief}`),
    ].join('\r\n') + '\r\n',
  ),
}

/** Extra cells on line 3 and a word in a number column on line 5 (line 1 is the header). */
const BROKEN_CSV: UploadFile = {
  name: 'tellingen-kapot.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'meetpunt;aantal;datum',
      'A1;12;2025-01-01',
      'A2;15;2025-01-02;extra;nog meer',
      'A3;9;2025-01-03',
      'A4;veel;2025-01-04',
      ...Array.from(
        { length: 15 },
        (_, i) => `B${i + 1};${20 + i};2025-02-${String(i + 1).padStart(2, '0')}`,
      ),
    ].join('\n') + '\n',
    'utf8',
  ),
}

const stamp = Date.now()
const TITLE = `Uitgaven per gemeente ${stamp}`
let documentId = ''

/** A text as a regular expression that matches it literally, at the start. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

/** The table of a file on the document page, by its caption ('naam.csv: 30 rijen'). */
const tableOf = (page: Page, fileName: string) =>
  page.getByRole('table', { name: startsWith(`${fileName}: `) })

/** The admin's item for a document in /validatie. */
const validationItem = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })

/** The first column of a CSV without quotes, as the municipalities here are. */
function firstColumn(csv: string) {
  const [header = '', ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
  const separator = header.includes(';') && !header.includes(',') ? ';' : ','
  const cells = (line: string) => line.split(separator).map((cell) => cell.replace(/^"|"$/g, ''))
  return { header: cells(header), names: lines.map((line) => cells(line)[0]) }
}

async function expectLoaded(table: Locator) {
  await expect(table).toBeVisible({ timeout: LOAD_TIMEOUT })
}

test('the owner uploads a Dutch CSV, reads its report, documents a column; an admin approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const owner = await anotherPersonsPage(browser)
  await signInAs(owner, 'medewerker')
  documentId = await uploadCsv(owner, {
    title: TITLE,
    description: 'Uitgaven per inwoner per gemeente, zoals Excel ze opslaat.',
    file: DUTCH_CSV,
  })

  // The page fills in by itself once the loader is done: 30 rows, read right.
  await owner.goto(ROUTES.document(documentId))
  const table = tableOf(owner, DUTCH_CSV.name)
  await expectLoaded(table)
  await expect(table).toHaveAccessibleName(/30 rijen/)
  await expect(table.getByRole('columnheader', { name: startsWith(AMOUNT) })).toBeVisible()
  await expect(table.getByRole('cell', { name: 'Súdwest-Fryslân', exact: true })).toBeVisible()

  // The owner gets the quality report: nothing wrong.
  const report = owner.getByRole('region', {
    name: `Kwaliteitsrapport van ${DUTCH_CSV.name}`,
    exact: true,
  })
  await expect(report).toContainText('Geen problemen gevonden.')

  // The dictionary: typed columns, then the owner's words for the amount.
  const dictionary = owner.getByRole('region', {
    name: `Gegevenswoordenboek van ${DUTCH_CSV.name}`,
    exact: true,
  })
  await expect(dictionary.getByRole('row', { name: startsWith(AMOUNT) })).toContainText('getal')
  await expect(dictionary.getByRole('row', { name: /^jaar/ })).toContainText('geheel getal')
  await expect(dictionary.getByRole('row', { name: /^actief/ })).toContainText('ja/nee')

  await owner.getByRole('button', { name: 'Gegevenswoordenboek bewerken' }).click()
  await owner.getByLabel(`${AMOUNT} Titel`).fill('Uitgaven')
  await owner.getByLabel(`${AMOUNT} Eenheid`).fill('euro per inwoner')
  await owner
    .getByLabel(`${AMOUNT} Beschrijving`)
    .fill('Wat de gemeente per inwoner uitgaf, afgerond op centen.')
  await owner.getByRole('button', { name: 'Opslaan' }).click()
  await expect(
    owner.getByRole('status').filter({ hasText: 'Het gegevenswoordenboek is opgeslagen.' }),
  ).toBeVisible()
  await expect(
    owner.getByRole('columnheader', { name: /^Uitgaven \(euro per inwoner\)/ }),
  ).toBeVisible()

  // The admin sees the report in /validatie and approves: the report blocks nothing.
  await signInAs(page, 'beheerder', `${ROUTES.validation}?status=openstaand`)
  const item = validationItem(page, TITLE)
  await expect(
    item.getByRole('region', { name: `Kwaliteitsrapport van ${DUTCH_CSV.name}` }),
  ).toContainText('Geen problemen gevonden.')
  await item.getByRole('button', { name: `Goedkeuren ${TITLE}` }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `"${TITLE}" is goedgekeurd` }),
  ).toBeVisible()
})

test('a visitor filters the table, downloads exactly those rows, and reads the column’s description', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await visitAsPublic(page)
  await page.goto(ROUTES.document(documentId))
  const table = tableOf(page, DUTCH_CSV.name)
  await expectLoaded(table)

  // What the owner wrote: the header's title and unit, the description in the dictionary.
  await expect(
    table.getByRole('columnheader', { name: /^Uitgaven \(euro per inwoner\)/ }),
  ).toBeVisible()
  const dictionary = page.getByRole('region', {
    name: `Gegevenswoordenboek van ${DUTCH_CSV.name}`,
    exact: true,
  })
  await expect(dictionary).toContainText('Wat de gemeente per inwoner uitgaf, afgerond op centen.')
  // Not the owner: no report, no edit form.
  await expect(page.getByRole('region', { name: startsWith('Kwaliteitsrapport') })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Gegevenswoordenboek bewerken' })).toHaveCount(0)

  // Filter, keyboard only: from 1.000 (as a Dutch reader types it), and only 'nee'.
  const expected = ROWS.filter((row) => row.bedrag >= THRESHOLD && row.actief === 'nee')
  expect(expected.length).toBeGreaterThan(1)
  await page.getByText('Filters per kolom').click()
  await page.getByLabel('Uitgaven (euro per inwoner) van').fill('1.000')
  await page.getByLabel('actief waarde').selectOption({ label: 'nee' })
  // Enter in a text box submits the form: 'Filter toepassen'.
  await page.getByLabel('Uitgaven (euro per inwoner) van').press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: `${expected.length} rijen gevonden` }),
  ).toBeVisible()
  await expect(page).toHaveURL((url) => url.searchParams.get(`f.${AMOUNT}`) === 'gte:1000')

  // Sort by the amount, highest first: two clicks on its header.
  const sortButton = table.getByRole('button', { name: /^Uitgaven \(euro per inwoner\)/ })
  await sortButton.click()
  await sortButton.click()
  const header = table.getByRole('columnheader', { name: /^Uitgaven/ })
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  const order = [...expected].sort((a, b) => b.bedrag - a.bedrag).map((row) => row.gemeente)
  await expect(table.getByRole('row').nth(1)).toContainText(order[0] ?? '')

  // The download: exactly the filtered rows, in the chosen order.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: /Download selectie als CSV/ }).click()
  const download = await downloading
  const csv = await fs.readFile((await download.path()) ?? '', 'utf8')
  const { header: columns, names } = firstColumn(csv)
  expect(columns[0]).toBe('gemeente')
  expect(names).toEqual(order)

  // A script gets the same rows from the Data API.
  const href =
    (await page.getByRole('link', { name: /Download selectie als CSV/ }).getAttribute('href')) ?? ''
  const asJson = new URL(href, page.url())
  asJson.searchParams.delete('format')
  expect(asJson.pathname).toMatch(
    new RegExp(`^${API_PREFIX.public}/documents/${documentId}/files/[^/]+/rows$`),
  )
  const response = await page.request.get(asJson.toString())
  expect(response.ok()).toBe(true)
  const rows = (await response.json()) as { rows: { gemeente: string }[]; total: number }
  expect(rows.total).toBe(expected.length)
  expect(rows.rows.map((row) => row.gemeente)).toEqual(order)

  // A reload shows the same view; Back returns to the unfiltered table.
  await page.reload()
  await expect(
    page.getByRole('status').filter({ hasText: `${expected.length} rijen gevonden` }),
  ).toBeVisible({ timeout: LOAD_TIMEOUT })
  await expect(
    tableOf(page, DUTCH_CSV.name).getByRole('columnheader', { name: /^Uitgaven/ }),
  ).toHaveAttribute('aria-sort', 'descending')
  await page.goBack()
  await page.goBack()
  await page.goBack()
  await expect(
    page.getByRole('status').filter({ hasText: `${ROWS.length} rijen gevonden` }),
  ).toBeVisible()

  // 320 px wide: the table scrolls inside its region, the page does not.
  await page.setViewportSize({ width: 320, height: 640 })
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(320)
  const region = page.getByRole('region', {
    name: startsWith(`Rijen van ${DUTCH_CSV.name}`),
  })
  await region.focus()
  await expect(region).toBeFocused()
})

test('a broken CSV shows its quality report to the owner, with the row numbers', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAs(page, 'medewerker')
  const brokenId = await uploadCsv(page, {
    title: `Tellingen met fouten ${stamp}`,
    description: 'Een telling met een rij te veel cellen en een woord tussen de getallen.',
    file: BROKEN_CSV,
  })
  await page.goto(ROUTES.document(brokenId))
  const report = page.getByRole('region', {
    name: `Kwaliteitsrapport van ${BROKEN_CSV.name}`,
    exact: true,
  })
  await expect(report.getByText(/rij met meer cellen dan kolommen/)).toBeVisible({
    timeout: LOAD_TIMEOUT,
  })
  await expect(
    report.getByText(/^Kolom ‘aantal’: 1 waarde past niet bij het type van de kolom/),
  ).toBeVisible()
  const errors = report.getByRole('table', { name: 'De eerste meldingen' })
  // The first cell is the row number in the file, the header being line 1.
  const rowNumbered = (number: string) =>
    errors.getByRole('row').filter({ has: page.getByRole('cell', { name: number, exact: true }) })
  await expect(rowNumbered('3').first()).toBeVisible()
  await expect(rowNumbered('5').filter({ hasText: 'aantal' }).first()).toBeVisible()
  // The file itself stays downloadable.
  await expect(page.getByRole('link', { name: `Downloaden ${BROKEN_CSV.name}` })).toBeVisible()

  // Deleted again: the upload journey counts the employee's documents awaiting validation.
  await page
    .getByRole('main')
    .getByRole('button', { name: `Verwijderen Tellingen met fouten ${stamp}` })
    .click()
  await page
    .getByRole('dialog', { name: 'Document verwijderen?' })
    .getByRole('button', { name: 'Ja, verwijderen' })
    .click()
  await expect(page).toHaveURL((url) => url.searchParams.get('deleteSuccess') === 'true')
})

test('the table view passes axe in normal colours and in contrast mode', async ({ page }) => {
  await visitAsPublic(page)
  await page.goto(`${ROUTES.document(documentId)}`)
  await expectLoaded(tableOf(page, DUTCH_CSV.name))
  await page.getByText('Filters per kolom').click()
  await expectNoAxeViolations(page, 'table view')
  await setContrast(page, true)
  await expectLoaded(tableOf(page, DUTCH_CSV.name))
  await page.getByText('Filters per kolom').click()
  await expectNoAxeViolations(page, 'table view in contrast mode')
})
