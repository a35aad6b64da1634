/** Paths of screens that more than one feature links to; app/router.tsx declares them. */
export const DOCUMENT_PATH = '/documenten/:contentId'

export const documentHref = (contentUID: string) => `/documenten/${encodeURIComponent(contentUID)}`
