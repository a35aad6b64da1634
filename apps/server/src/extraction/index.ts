export {
  ACCEPTED_MEDIA_TYPES,
  MEDIA_TYPES,
  detectMediaType,
  isAcceptedMediaType,
  mediaTypeMatchesName,
  type AcceptedMediaType,
} from './media-types.ts'
export { extractText, readFileText, type ExtractOptions, type FileText } from './extract.ts'
export {
  DEFAULT_LIMITS,
  ExtractionError,
  type ExtractionFailure,
  type ExtractionLimits,
} from './limits.ts'
export { MAX_EXTRACTED_CHARS } from './text.ts'
