import { documentHref } from '../../shared/routes.ts'

export const UPLOAD_PATH = '/document/upload'

/** The child 'edit' of the document route (spec section 2). */
export const documentEditHref = (contentUID: string) => `${documentHref(contentUID)}/edit`
