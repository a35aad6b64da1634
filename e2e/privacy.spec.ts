import { PRIVACY_APPROVAL_MESSAGES, STORAGE_KEYS } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { anotherPersonsPage } from './support/portal.ts'
import { API, EMPLOYEE_API, ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { uploadCsv, type UploadFile } from './support/upload.ts'
import { readStored, visitAsPublic } from './support/visitor.ts'

/**
 * The personal-data check (issue 32, 'Done when'): an employee uploads a CSV with a column of
 * valid BSNs and a report that mentions an IBAN; the owner and the admin see two findings;
 * approving answers 409 until a second admin (not the uploader) has reviewed them; a visitor
 * never sees a trace of them. One story over three people's browsers.
 */
test.describe.configure({ mode: 'serial' })

/** The scan runs in the background after the upload; the pages ask again until it is done. */
const SCAN_TIMEOUT = 60_000

/** Nine digits passing the elfproef (9·d1 + 8·d2 + … + 2·d8 − d9 divisible by 11). */
const BSNS = ['111222333', '123456782', '112345670', '127160474', '133333309', '154320948']
const IBAN = 'NL91ABNA0417164300'

const CSV: UploadFile = {
  name: 'deelnemers-bewonersavond.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['naam;bsn;wijk', ...BSNS.map((bsn, n) => `Deelnemer ${n + 1};${bsn};Oost`)].join('\n') + '\n',
  ),
}

/** A one-page PDF with these lines of text, with a correct cross-reference table. */
function pdfWithText(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[()\\]/g, '\\$&')
  const content = `BT /F1 12 Tf 72 720 Td 16 TL ${lines.map((line) => `(${escape(line)}) '`).join(' ')} ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

const REPORT: UploadFile = {
  name: 'verslag-bewonersavond.pdf',
  mimeType: 'application/pdf',
  buffer: pdfWithText([
    'Verslag van de bewonersavond over de herinrichting van het plein.',
    `Een bijdrage voor de koffie kan op rekening ${IBAN} van de vereniging.`,
  ]),
}

const privacySection = (page: Page) =>
  page.getByRole('main').getByRole('region', { name: 'Mogelijke persoonsgegevens' })

const validationItem = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('possible personal data holds the approval until a second admin has judged it, and never goes public', async ({
  page,
  browser,
}) => {
  // Two people, an upload, a scan, a review and a visitor's look: about 40 s on a quiet
  // machine, past the default 60 s on a busy one.
  test.slow()
  const title = `Bewonersavond pleinherinrichting ${Date.now()}`

  // The employee uploads both files, and sees two findings on the document page.
  const employee = await anotherPersonsPage(browser)
  await signInAs(employee, 'medewerker')
  const id = await uploadCsv(employee, {
    title,
    description: 'Deelnemerslijst en verslag van de bewonersavond over het plein.',
    file: [CSV, REPORT],
  })
  await employee.goto(ROUTES.document(id))
  const owned = privacySection(employee)
  await expect(owned).toContainText('Mogelijke persoonsgegevens gevonden', {
    timeout: SCAN_TIMEOUT,
  })
  const findings = owned.locator('.portal-privacy-finding')
  await expect(findings).toHaveCount(2)
  await expect(findings.filter({ hasText: 'BSN' })).toContainText(CSV.name)
  await expect(findings.filter({ hasText: 'BSN' })).toContainText(`${BSNS.length} keer`)
  await expect(findings.filter({ hasText: 'IBAN (rekeningnummer)' })).toContainText(REPORT.name)
  // Masked: the page holds no full number.
  const masked = await owned.locator('code').allInnerTexts()
  expect(masked).toHaveLength(2)
  const ownerText = await owned.innerText()
  for (const value of [...BSNS, IBAN]) expect(ownerText).not.toContain(value)
  await expectNoAxeViolations(employee, 'the owner’s document page with findings')

  // The owner notes one finding; a note is no review.
  const iban = findings.filter({ hasText: 'IBAN (rekeningnummer)' })
  await iban.getByRole('button', { name: /Geen persoonsgegeven/ }).click()
  await iban
    .getByRole('textbox', { name: /Waarom is dit geen persoonsgegeven/ })
    .fill('Dit is de rekening van de bewonersvereniging, geen persoon.')
  await iban.getByRole('button', { name: 'Toelichting opslaan' }).click()
  await expect(iban).toContainText('Toelichting eigenaar: Dit is de rekening')

  // The admin sees them in /validatie, with the approve button held, and the API says 409.
  await signInAs(page, 'beheerder', `${ROUTES.validation}?status=openstaand`)
  const item = validationItem(page, title)
  await expect(item).toContainText('BSN: 1', { timeout: SCAN_TIMEOUT })
  await expect(item).toContainText('IBAN (rekeningnummer): 1')
  const approve = item.getByRole('button', { name: `Goedkeuren ${title}` })
  await expect(approve).toHaveAttribute('aria-disabled', 'true')
  await expect(approve).toHaveAccessibleDescription(
    'Goedkeuren kan pas als alle mogelijke persoonsgegevens zijn beoordeeld.',
  )
  const token = await readStored(page, STORAGE_KEYS.token)
  const refused = await page.request.get(EMPLOYEE_API.approve(id), {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(refused.status()).toBe(409)
  expect(refused.headers()['content-type']).toContain('application/problem+json')
  expect((await refused.json()).detail).toBe(PRIVACY_APPROVAL_MESSAGES.blocked)
  await expectNoAxeViolations(page, '/validatie with a review form')

  // The admin (not the uploader) judges both; then approving works.
  const bsnJudgement = item.getByRole('group', { name: /Uw oordeel ?: BSN/ })
  await bsnJudgement.getByRole('radio', { name: 'Geen persoonsgegeven' }).check()
  await bsnJudgement
    .getByRole('textbox', { name: 'Reden' })
    .fill('Testnummers uit de proefomgeving, geen echte inwoners.')
  const ibanJudgement = item.getByRole('group', { name: /Uw oordeel ?: IBAN/ })
  await ibanJudgement.getByRole('radio', { name: 'Mag openbaar' }).check()
  await ibanJudgement.getByRole('textbox', { name: 'Reden' }).fill('Rekening van een vereniging.')
  await item.getByRole('button', { name: /Beoordeling opslaan/ }).click()
  await expect(item).toContainText('Gecontroleerd en beoordeeld door een beheerder')
  await expect(approve).not.toHaveAttribute('aria-disabled', 'true')
  await approve.click()
  await expect(
    page.getByRole('status').filter({ hasText: `"${title}" is goedgekeurd` }),
  ).toBeVisible()

  // A visitor finds the document, and no trace of the check: not on the page, not in the API.
  const visitor = await anotherPersonsPage(browser)
  await visitAsPublic(visitor)
  await visitor.goto(ROUTES.document(id))
  await expect(visitor.getByRole('heading', { name: title, exact: true })).toBeVisible()
  await expect(visitor.getByText('Mogelijke persoonsgegevens')).toHaveCount(0)
  const html = await visitor.content()
  for (const value of masked) expect(html).not.toContain(value)
  const detail = await visitor.request.get(API.document(id))
  expect(detail.ok()).toBe(true)
  const body = await detail.text()
  expect(JSON.parse(body)).not.toHaveProperty('privacy')
  for (const value of masked) expect(body).not.toContain(value)
  const search = await (await visitor.request.get(API.search(title))).text()
  expect(search).toContain(id)
  for (const value of masked) expect(search).not.toContain(value)
})
