import { isEmployee, type Employee, type Viewer } from '../../auth/viewer.ts'

/** Approving, disapproving and the lists by status are for admins. */
export const canValidate = (viewer: Viewer): viewer is Employee =>
  isEmployee(viewer) && viewer.isAdmin

/** Own documents (uploads) exist for signed-in employees. */
export const hasOwnDocuments = (viewer: Viewer): viewer is Employee => isEmployee(viewer)

/** A disapproval's category and reason are for the uploader and for admins. */
export const canReadStatusReason = (viewer: Viewer, ownerId: string | null) =>
  isEmployee(viewer) && (viewer.isAdmin || (ownerId !== null && ownerId === viewer.id))

/** Owners' account ids go to employees only; visitors see the name. */
export const canSeeOwnerId = (viewer: Viewer) => isEmployee(viewer)

/** Uploading is for signed-in employees. */
export const canUpload = (viewer: Viewer): viewer is Employee => isEmployee(viewer)

/** Editing and deleting a document: its owner, or an admin. */
export const canEditDocument = (viewer: Viewer, document: { ownerId: string | null }) =>
  isEmployee(viewer) &&
  (viewer.isAdmin || (document.ownerId !== null && document.ownerId === viewer.id))
