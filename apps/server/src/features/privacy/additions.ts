import type { Db } from '../../db/client.ts'
import { can, type DocumentAdditions } from '../documents/index.ts'
import { privacyOf } from './state.ts'

/**
 * The check in the document's answers: on the document page for its owner and admins (the
 * policy's `readPrivacy`), and in the validation list (admins). Never on /pubapi: app.ts gives
 * these additions to the /api routes only, and a visitor is refused by the policy as well.
 */
export const privacyAdditions = (db: Db): DocumentAdditions => ({
  detail: async (viewer, document) => {
    const facts = { ownerId: document.owner?.id ?? null, status: document.status }
    if (!can(viewer, 'readPrivacy', facts)) return {}
    const privacy = (await privacyOf(db, [document.contentUID])).get(document.contentUID)
    return privacy ? { privacy } : {}
  },
  validation: async (_admin, documentIds) => {
    const privacy = await privacyOf(db, documentIds)
    return new Map([...privacy].map(([id, check]) => [id, { privacy: check }]))
  },
})
