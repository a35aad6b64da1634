export {
  ACCEPTED_MEDIA_TYPES,
  MAX_JSON_BYTES,
  MEDIA_TYPES,
  detectMediaType,
  isAcceptedMediaType,
  mediaTypeMatchesName,
  type AcceptedMediaType,
} from './media-types.ts'
export { extractText, type ExtractOptions } from './extract.ts'
export {
  DEFAULT_LIMITS,
  ExtractionError,
  type ExtractionFailure,
  type ExtractionLimits,
} from './limits.ts'
export { MAX_EXTRACTED_CHARS } from './text.ts'
