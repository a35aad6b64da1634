import { openAsBlob } from 'node:fs'
import path from 'node:path'

/**
 * Helpers for the upload tests that need no database: real demo files, forms as a browser sends
 * them. Apart from testing.ts, so that a test of files alone is not judged to use the database
 * (test/database-files.ts) and run again on PostgreSQL.
 */
export const DEMO_DOCUMENTS = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'demo',
  'documents',
)

/** A demo file as the browser's File, read from disk as it is sent. */
export async function demoFile(name: string, as = name): Promise<File> {
  return new File([await openAsBlob(path.join(DEMO_DOCUMENTS, name))], as)
}

export const fileOf = (content: string | Uint8Array, name: string) =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name)

export type FormFields = Record<string, string | string[] | undefined>

export const VALID_FIELDS: FormFields = {
  title: 'Afvalinzameling per wijk 2024',
  description: 'Opgehaald afval per wijk en per soort.',
  contentTypeName: 'Dataset',
  sourceFriendlyName: 'Stadsbeheer',
  themes: ['Afval'],
}

export function uploadForm(fields: FormFields, files: readonly File[]): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value ?? []].flat()) form.append(name, item)
  }
  for (const file of files) form.append('files', file, file.name)
  return form
}
