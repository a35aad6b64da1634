import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { ROUTES } from './routes.ts'

/** A CSV of the demo catalogue, uploaded again as a new document of its own. */
export const DEMO_CSV_PATH = path.resolve(
  import.meta.dirname,
  '../../apps/server/demo/documents/afvalinzameling-2024.csv',
)

/** A file made in the test itself (a Windows-1252 CSV, a broken one), as the file chooser takes it. */
export interface UploadFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/**
 * Uploads a CSV through the form as the signed-in employee, the way they would, and answers
 * the new document's id once /data shows it. A Woo information category is chosen by its label.
 * The file is a copy of a demo CSV unless the journey brings its own (one or more).
 */
export async function uploadCsv(
  page: Page,
  document: {
    title: string
    description: string
    wooCategory?: string
    file?: UploadFile | UploadFile[]
  },
) {
  await page.goto(ROUTES.upload)
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: /^Titel/ }).fill(document.title)
  await main.getByRole('textbox', { name: /^Beschrijving/ }).fill(document.description)
  await main.getByRole('combobox', { name: /^Soort/ }).selectOption('Dataset')
  await main.getByRole('combobox', { name: /^Bron/ }).fill('Milieu en Duurzaamheid')
  if (document.wooCategory) {
    await main
      .getByRole('combobox', { name: /^Woo-informatiecategorie/ })
      .selectOption({ label: document.wooCategory })
  }
  await main.getByLabel('Bestanden kiezen').setInputFiles(document.file ?? DEMO_CSV_PATH)
  await main.getByRole('button', { name: 'Uploaden', exact: true }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('successfulUpload') === 'true')
  const link = main.getByRole('link', { name: document.title, exact: true })
  const href = (await link.getAttribute('href')) ?? ''
  expect(href.startsWith(ROUTES.documentPrefix), `a link to the new document: ${href}`).toBe(true)
  return href.slice(ROUTES.documentPrefix.length)
}
