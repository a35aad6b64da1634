/**
 * What collecting one source may cost. The pages are fetched and parsed in a worker thread
 * (index.ts); these bounds keep a hostile or merely enormous source from taking the server,
 * its memory or the job queue with it.
 */
export interface CollectLimits {
  /** One page's request, body included (AbortSignal.timeout). */
  requestTimeoutMs: number
  /** Bytes of one page's body; reading stops as soon as it is over. */
  maxPageBytes: number
  maxPages: number
  maxRecords: number
  /** The whole collection; the worker is terminated after this long, whatever it is doing. */
  totalTimeoutMs: number
  /** Heap of the worker (V8 old generation); past it the worker dies, not the server. */
  memoryMb: number
  /** CKAN `rows`: packages asked per page. */
  ckanPageSize: number
  /** Remote JSON-LD contexts read in one run, each address once (contexts.ts). */
  maxContexts: number
}

export const DEFAULT_COLLECT_LIMITS: CollectLimits = {
  requestTimeoutMs: 30_000,
  maxPageBytes: 20 * 1024 * 1024,
  maxPages: 2_000,
  maxRecords: 100_000,
  totalTimeoutMs: 15 * 60_000,
  memoryMb: 512,
  ckanPageSize: 100,
  maxContexts: 10,
}

/** Sent to every source, so its administrators can tell who is asking. */
export const USER_AGENT = 'Dataportaal-harvester/1.0'

/** A count as the Dutch messages write it: 2.000. */
export const count = (n: number) => n.toLocaleString('nl-NL')

/** A size as the Dutch messages write it: 20 MB, 1,5 kB. */
export function bytes(n: number): string {
  const format = (value: number, unit: string) =>
    `${value.toLocaleString('nl-NL', { maximumFractionDigits: 1 })} ${unit}`
  if (n >= 1024 * 1024) return format(n / 1024 / 1024, 'MB')
  if (n >= 1024) return format(n / 1024, 'kB')
  return format(n, 'bytes')
}

/** Seconds, for a timeout in a message. */
export const seconds = (ms: number) =>
  (ms / 1000).toLocaleString('nl-NL', { maximumFractionDigits: 1 })

/** A duration as the Dutch messages write it: 15 minuten, 1,5 seconden. */
export const duration = (ms: number) =>
  ms >= 60_000
    ? `${(ms / 60_000).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} minuten`
    : `${seconds(ms)} seconden`
