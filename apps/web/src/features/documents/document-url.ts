/** The document page's route (app/router.tsx) and links to it. */
export const DOCUMENT_PATH = '/documenten/:contentId'

export const documentHref = (contentUID: string) => `/documenten/${encodeURIComponent(contentUID)}`
