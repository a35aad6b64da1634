import {
  API_PREFIX,
  type DocumentAbilities,
  type DocumentDetail,
  type DocumentSummary,
} from '@dataportaal/contract'
import { EMPLOYEE, testSession } from './auth.ts'
import type { RenderOptions } from './render.tsx'

/** The server's `abilities` for a viewer who may do nothing with the document: a visitor, another employee. */
export const NO_ABILITIES: DocumentAbilities = {
  edit: false,
  delete: false,
  readStatusReason: false,
  validate: false,
}
/** The owner's: edit, delete and read why it was disapproved; validating is for admins. */
export const OWNER_ABILITIES: DocumentAbilities = {
  edit: true,
  delete: true,
  readStatusReason: true,
  validate: false,
}
export const ADMIN_ABILITIES: DocumentAbilities = {
  edit: true,
  delete: true,
  readStatusReason: true,
  validate: true,
}

/** Test data for a signed-in employee's actions on a document: small factories. */

export const DOCUMENT_ID = 'e6a324a3-c7bf-490b-9dc6-7c88bbb4428f'

export function aDocument(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    contentUID: DOCUMENT_ID,
    title: 'Bevolking per wijk 2024',
    description: 'Aantal inwoners per wijk.',
    contentTypeName: 'Dataset',
    sourceFriendlyName: 'Onderzoek en Statistiek',
    themes: ['Bevolking', 'Wonen'],
    labels: null,
    status: 'goedgekeurd',
    averageRating: 4,
    ratingCount: 3,
    contentUserUse: { favorited: false, rating: null },
    owner: null,
    license: 'http://publications.europa.eu/resource/authority/licence/CC0',
    wooCategory: null,
    sourceUrl: null,
    date: '2024-05-12',
    created: '2024-05-20T10:00:00.000Z',
    modified: '2024-06-01T10:00:00.000Z',
    published: '2024-05-21T10:00:00.000Z',
    files: [],
    links: [],
    harvest: null,
    // The employee of signedIn() does not own it.
    abilities: NO_ABILITIES,
    ...overrides,
  }
}

/** The path of a signed-in call: /api plus the contract's path. */
export const employeeApi = (path: string) => `${API_PREFIX.authenticated}${path}`

/** Signed in as an employee, as the stored flags and the auth state say after sign-in. */
export function signedIn(): RenderOptions {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('token', 'h.p.s')
  return { auth: testSession(EMPLOYEE).session }
}

/** A server answer that waits until the test lets it go, to see what shows before it. */
export function heldAnswer() {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  return { release, released }
}

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
    license: 'http://publications.europa.eu/resource/authority/licence/CC0',
    wooCategory: null,
    sourceUrl: null,
    date: '2024-12-31',
    created: '2025-01-10T09:00:00.000Z',
    modified: '2025-01-12T09:00:00.000Z',
    published: '2025-01-11T09:00:00.000Z',
    files: [],
    links: [],
    harvest: null,
    // As the server answers the owner (OWNER).
    abilities: OWNER_ABILITIES,
    ...overrides,
  }
}
