import type { DocumentDetail, DocumentForValidation } from '@dataportaal/contract'
import type { Admin, Viewer } from '../../auth/viewer.ts'

/**
 * What other features add to a document's answers (the personal-data check, say), put
 * together in app.ts so this module need not know them. Each addition decides by the policy
 * whom it shows what; on /pubapi none is given.
 */
export interface DocumentAdditions {
  /** Fields added to the document page's answer for this viewer. */
  detail(viewer: Viewer, document: DocumentDetail): Promise<Partial<DocumentDetail>>
  /** Fields added to each document of a page of the validation list, for the page at once. */
  validation(
    viewer: Admin,
    documentIds: readonly string[],
  ): Promise<Map<string, Partial<DocumentForValidation>>>
}
