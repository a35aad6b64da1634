/** Short names people know file formats by, for result lists and facets. */
const FORMAT_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'application/geo+json': 'GeoJSON',
  'application/zip': 'ZIP',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
}

export const formatName = (mediaType: string) => FORMAT_NAMES[mediaType] ?? 'Bestand'
