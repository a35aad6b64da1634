export {
  ACCEPTED_MEDIA_TYPES,
  MAX_JSON_BYTES,
  MEDIA_TYPES,
  detectMediaType,
  isAcceptedMediaType,
  mediaTypeMatchesName,
  type AcceptedMediaType,
} from './media-types.ts'
export {
  ExtractionError,
  extractText,
  type ExtractOptions,
  type ExtractionFailure,
} from './extract.ts'
export { MAX_EXTRACTED_CHARS } from './text.ts'
