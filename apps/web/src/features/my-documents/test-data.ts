import type { DocumentDetail, DocumentSummary } from '@dataportaal/contract'
import { EMPLOYEE } from '../../test/auth.ts'

/** Test data for own documents and the document form: small factories with realistic defaults. */

export const OWN_ID = '5d0f3a52-8c1e-4d7a-9b3f-2e6c1a4b7d90'
export const OTHER_ID = '7e2b9c41-3f6d-4a8e-b1c5-9d0e2f4a6b83'
export const FILE_ID = 'a3c5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c'

export const OWNER = { id: EMPLOYEE.userAADId, name: EMPLOYEE.userName }

export function aSummary(overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    contentUID: OWN_ID,
    title: 'Afvalinzameling 2024',
    contentTypeName: 'Dataset',
    sourceFriendlyName: 'Milieu en Duurzaamheid',
    themes: ['Afval'],
    labels: null,
    status: 'openstaand',
    statusCategory: null,
    statusDescription: null,
    averageRating: null,
    ratingCount: 0,
    contentUserUse: { favorited: false, rating: null },
    owner: OWNER,
    date: '2024-12-31',
    created: '2025-01-10T09:00:00.000Z',
    modified: '2025-01-12T09:00:00.000Z',
    published: null,
    fileFormats: ['CSV'],
    ...overrides,
  }
}

export function aDetail(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    contentUID: OWN_ID,
    title: 'Afvalinzameling 2024',
    description: 'Ingezameld afval per wijk en per soort.',
    contentTypeName: 'Dataset',
    sourceFriendlyName: 'Milieu en Duurzaamheid',
    themes: ['Afval'],
    labels: null,
    status: 'goedgekeurd',
    statusCategory: null,
    statusDescription: null,
    averageRating: null,
    ratingCount: 0,
    contentUserUse: { favorited: false, rating: null },
    owner: OWNER,
    license: 'CC0-1.0',
    sourceUrl: null,
    date: '2024-12-31',
    created: '2025-01-10T09:00:00.000Z',
    modified: '2025-01-12T09:00:00.000Z',
    published: '2025-01-11T09:00:00.000Z',
    files: [],
    ...overrides,
  }
}
