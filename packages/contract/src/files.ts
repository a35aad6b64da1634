/** The media types the portal knows: what uploads may be, what previews and lists name. */
export const MEDIA_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  json: 'application/json',
  geojson: 'application/geo+json',
  zip: 'application/zip',
  png: 'image/png',
  jpeg: 'image/jpeg',
} as const
export type MediaType = (typeof MEDIA_TYPES)[keyof typeof MEDIA_TYPES]

/**
 * The code on the EU file-type list (http://publications.europa.eu/resource/authority/file-type)
 * of each media type the portal accepts: the catalogue's dct:format, and the quality score's.
 */
export const EU_FILE_TYPE_CODES: Record<MediaType, string> = {
  [MEDIA_TYPES.pdf]: 'PDF',
  [MEDIA_TYPES.csv]: 'CSV',
  [MEDIA_TYPES.tsv]: 'TSV',
  [MEDIA_TYPES.xlsx]: 'XLSX',
  [MEDIA_TYPES.docx]: 'DOCX',
  [MEDIA_TYPES.odt]: 'ODT',
  [MEDIA_TYPES.ods]: 'ODS',
  [MEDIA_TYPES.json]: 'JSON',
  [MEDIA_TYPES.geojson]: 'GEOJSON',
  [MEDIA_TYPES.zip]: 'ZIP',
  [MEDIA_TYPES.png]: 'PNG',
  [MEDIA_TYPES.jpeg]: 'JPEG',
}

/** The names people know the formats by: short in lists and facets, long where there is room. */
const FORMAT_NAMES: Record<MediaType, { short: string; long: string }> = {
  [MEDIA_TYPES.pdf]: { short: 'PDF', long: 'PDF' },
  [MEDIA_TYPES.csv]: { short: 'CSV', long: 'CSV' },
  [MEDIA_TYPES.tsv]: { short: 'TSV', long: 'TSV' },
  [MEDIA_TYPES.json]: { short: 'JSON', long: 'JSON' },
  [MEDIA_TYPES.geojson]: { short: 'GeoJSON', long: 'GeoJSON' },
  [MEDIA_TYPES.zip]: { short: 'ZIP', long: 'ZIP' },
  [MEDIA_TYPES.png]: { short: 'PNG', long: 'PNG' },
  [MEDIA_TYPES.jpeg]: { short: 'JPEG', long: 'JPEG' },
  [MEDIA_TYPES.xlsx]: { short: 'XLSX', long: 'Excel (XLSX)' },
  [MEDIA_TYPES.docx]: { short: 'DOCX', long: 'Word (DOCX)' },
  [MEDIA_TYPES.odt]: { short: 'ODT', long: 'OpenDocument-tekst (ODT)' },
  [MEDIA_TYPES.ods]: { short: 'ODS', long: 'OpenDocument-rekenblad (ODS)' },
}

/** The names of a media type (parameters such as `; charset=utf-8` ignored), if known. */
export function formatNames(mediaType: string): { short: string; long: string } | undefined {
  const essence = mediaType.split(';')[0]!.trim().toLowerCase()
  return (FORMAT_NAMES as Record<string, { short: string; long: string }>)[essence]
}

/** The values of `type` a GeoJSON document may have at its top level (RFC 7946). */
export const GEOJSON_TYPES: ReadonlySet<string> = new Set([
  'FeatureCollection',
  'Feature',
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
])
