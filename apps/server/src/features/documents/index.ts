/**
 * The document module's public interface: what other features may use of a document. They
 * import from here only, never from the files behind it, so those can change freely.
 */
export type { DocumentAdditions } from './additions.ts'
export { DOCUMENT_JOINS, documentColumns } from './columns.ts'
export { loadCompoundSplitter, type CompoundPart, type CompoundSplitter } from './compounds.ts'
export { pageOfDocuments, type DocumentSelection, type Page } from './document-page.ts'
export { sendStoredFile, type StoredDownload } from './download.ts'
export { markEdited } from './edits.ts'
export { formatName } from './formats.ts'
export { fileDownloadPath, GEOJSON_BOXES } from './files.ts'
export {
  SELF_VALIDATION_REFUSED,
  selfValidationBlock,
  type Authorship,
  type FourEyesRule,
} from './four-eyes.ts'
export {
  lockEditableDocument,
  lockVisibleDocument,
  type LockedDocument,
  type RowLock,
} from './lock.ts'
export {
  authorize,
  authorizeDecision,
  can,
  type Action,
  type DocumentAction,
  type DocumentFacts,
  type ViewerAction,
} from './policy.ts'
export {
  presentSummary,
  roundedAverage,
  type DocumentListRow,
  type DocumentSummaryRow,
} from './presenter.ts'
export {
  DATA_CONTENT_TYPES,
  PUBLISHED_BY_THE_CITY,
  isDataContentType,
  licenceTextUrl,
  readLicence,
  type StoredLicence,
} from './publishing.ts'
export { indexUnsplitDocuments, refreshSearchIndex } from './search-index.ts'
export { getDocument } from './service.ts'
export { entryVisibleTo, visibleTo } from './visibility.ts'
