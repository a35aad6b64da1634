/**
 * `attachment` with an ASCII fallback name and the exact name in RFC 5987 form, so no
 * file name can break out of the header or smuggle a path.
 */
export function contentDisposition(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? 'bestand'
  const fallback =
    base
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;%]/g, '_')
      .trim() || 'bestand'
  const encoded = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
