import { API_PREFIX, type DocumentDetail } from '@dataportaal/contract'
import { EMPLOYEE, testSession } from '../../test/auth.ts'
import type { RenderOptions } from '../../test/render.tsx'

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
    license: 'CC0-1.0',
    sourceUrl: null,
    date: '2024-05-12',
    created: '2024-05-20T10:00:00.000Z',
    modified: '2024-06-01T10:00:00.000Z',
    published: '2024-05-21T10:00:00.000Z',
    files: [],
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
