/**
 * The one rule for addresses that come from people and other catalogues: only web
 * addresses (http, https) are links, never script or file URLs. The address as the URL
 * parser writes it, made a valid IRI (`toIri`), or null when the text is none.
 */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value || !URL.canParse(value)) return null
  const url = new URL(value)
  return url.protocol === 'https:' || url.protocol === 'http:' ? toIri(url.href) : null
}

/**
 * The ASCII characters an IRI holds as they are (RFC 3987 `iunreserved`, `sub-delims`,
 * `gen-delims`); `%`, `#` and the brackets only where `toIri` says.
 */
const IRI_ASCII = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]$/

/**
 * The characters beyond ASCII an IRI holds as they are (RFC 3987 `ucschar`). Private use
 * (`iprivate`) is allowed in a query only, so it is encoded everywhere.
 */
function isUcsChar(codePoint: number): boolean {
  if (codePoint < 0xa0) return false
  if (codePoint <= 0xd7ff) return true
  if (codePoint < 0xf900) return false // surrogates and private use
  if (codePoint <= 0xffef) return codePoint <= 0xfdcf || codePoint >= 0xfdf0
  if (codePoint < 0x10000) return false
  if (codePoint >= 0xe0000 && codePoint < 0xe1000) return false
  return codePoint < 0xf0000 && (codePoint & 0xffff) <= 0xfffd
}

const utf8 = new TextEncoder()

/** A lone surrogate becomes U+FFFD, as UTF-8 has no other way to hold it. */
const percentEncoded = (char: string) =>
  [...utf8.encode(char)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('')

/**
 * An address as a valid IRI (RFC 3987), for every serialisation that writes it (Turtle
 * `<…>`, JSON-LD, RDF/XML, HTML): each character an IRI does not allow is percent-encoded as
 * UTF-8. That is a space, a control character, `"<>\^`{|}`, a `%` that starts no escape, a
 * second `#`, a bracket outside the host, and noncharacters and private use beyond ASCII.
 * Everything else stays as it is, so a valid IRI comes back unchanged and encoding twice
 * changes nothing; the URL parser's `href` is already ASCII but leaves `{`, `|`, `^`, a
 * backslash or a backtick in a query, say.
 */
export function toIri(value: string): string {
  const authorityEnd = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(value)?.[0].length ?? 0
  let inFragment = false
  let at = 0
  let iri = ''
  for (const char of value) {
    const codePoint = char.codePointAt(0) ?? 0
    let kept: boolean
    if (char === '%') kept = /^%[0-9A-Fa-f]{2}/.test(value.slice(at, at + 3))
    else if (char === '#') kept = !inFragment
    else if (char === '[' || char === ']') kept = at < authorityEnd
    else if (codePoint < 0x80) kept = IRI_ASCII.test(char)
    else kept = isUcsChar(codePoint)
    if (char === '#') inFragment = true
    iri += kept ? char : percentEncoded(char)
    at += char.length
  }
  return iri
}
