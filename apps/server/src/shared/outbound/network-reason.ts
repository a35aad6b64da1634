/*
 * The portal's outbound connections (harvesting, the link checker) say why a connection
 * failed in their own words: never the text of the other side.
 */

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'de naam van de server is onbekend',
  EAI_AGAIN: 'de naam van de server kon niet worden opgezocht',
  ECONNREFUSED: 'de server weigert de verbinding',
  ECONNRESET: 'de server verbrak de verbinding',
  EPIPE: 'de server verbrak de verbinding',
  EHOSTUNREACH: 'de server is niet bereikbaar',
  ENETUNREACH: 'de server is niet bereikbaar',
  ETIMEDOUT: 'de server is niet bereikbaar',
}

export function networkReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(code)) return 'de verbinding mislukte'
  let reason = NETWORK_REASONS[code]
  if (!reason && /CERT|^UNABLE_TO_/.test(code))
    reason = 'het certificaat van de server wordt niet vertrouwd'
  else if (!reason && /^(ERR_SSL_|ERR_TLS_|EPROTO$)/.test(code))
    reason = 'de beveiligde verbinding mislukte'
  else if (!reason && code.startsWith('HPE_')) reason = 'de server gaf geen geldig HTTP-antwoord'
  else if (!reason && code.startsWith('Z_')) reason = 'de server stuurde een beschadigd antwoord'
  return `${reason ?? 'de verbinding mislukte'} (${code})`
}
