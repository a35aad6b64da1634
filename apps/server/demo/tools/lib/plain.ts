import type { Cell, Feature } from './types.ts'

function csvField(value: Cell, delimiter: string): string {
  if (value === null) return ''
  const text = String(value)
  // Quote only when needed, the way spreadsheet programs export.
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function renderCsv(header: string[], rows: Cell[][], delimiter: ',' | ';' = ','): string {
  const lines = [header, ...rows].map((row) =>
    row.map((v) => csvField(v, delimiter)).join(delimiter),
  )
  // CRLF is what RFC 4180 prescribes and what Excel writes.
  return `${lines.join('\r\n')}\r\n`
}

/** One feature per line: compact, yet readable in a diff. */
export function renderGeoJson(name: string, features: Feature[]): string {
  const head = `{"type":"FeatureCollection","name":${JSON.stringify(name)},"features":[`
  return `${head}\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`
}
