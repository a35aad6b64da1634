import { formatNames } from '@dataportaal/contract'

/** The short name people know a file format by, for result lists and facets. */
export const formatName = (mediaType: string) => formatNames(mediaType)?.short ?? 'Bestand'
