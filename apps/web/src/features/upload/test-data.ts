import {
  API_PREFIX,
  DEFAULT_LICENSE,
  apiPaths,
  type DocumentDetail,
  type UploadOptions,
} from '@dataportaal/contract'
import { json, stubApi } from '../../test/render.tsx'

/** Test data for the upload and edit form. */

export const OPTIONS: UploadOptions = {
  contentTypes: [
    'Dataset',
    'Rapport',
    'Kaart',
    'Beleidsdocument',
    'Raadsinformatie',
    'Dashboard',
    'Overig',
  ],
  sources: ['Onderzoek en Statistiek', 'Milieu en Duurzaamheid'],
  fileTypes: [
    { mediaType: 'text/csv', extensions: ['csv'], label: 'CSV' },
    { mediaType: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  ],
  maxUploadMb: 100,
  maxFilesPerRequest: 20,
  defaultLicense: DEFAULT_LICENSE,
  defaultSpatial: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
}

export const THEMES = {
  Results: [
    { id: '0c6f1d8a-2b3e-4f5a-9c7d-1e2f3a4b5c6d', name: 'Afval' },
    { id: '1d7a2e9b-3c4f-4a6b-8d8e-2f3a4b5c6d7e', name: 'Wonen' },
  ],
  Total: 2,
}

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

/** The server's answers for the form: options, themes and, for an edit, the document. */
export function stubFormApi(detail?: DocumentDetail) {
  return stubApi((url) => {
    if (url.pathname === api(apiPaths.uploadOptions)) return json(OPTIONS)
    if (url.pathname === api(apiPaths.tags)) return json(THEMES)
    if (detail && url.pathname === api(apiPaths.document(detail.contentUID))) return json(detail)
    return json({ Results: [], Total: 0 })
  })
}

export const csvFile = (name = 'afvalinzameling-2024.csv', content = 'wijk;kg\nCentrum;120\n') =>
  new File([content], name, { type: 'text/csv' })
