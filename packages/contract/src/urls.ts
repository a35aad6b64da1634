/**
 * The one rule for addresses that come from people and other catalogues: only web
 * addresses (http, https) are links, never script or file URLs. The address as the URL
 * parser writes it (spaces and the like escaped), or null when the text is none.
 */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value || !URL.canParse(value)) return null
  const url = new URL(value)
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
}
