import { NO_VALUE_BUCKET, type Bucket } from '@dataportaal/contract'

const NO_VALUE_KEYS = new Set<string>(Object.values(NO_VALUE_BUCKET))

/** 'Geen Thema', 'Geen thema' and 'Geen labels' always go last (spec section 4); the rest keeps its order. */
export function noValueLast<T extends Pick<Bucket, 'key'>>(buckets: readonly T[]): T[] {
  return [
    ...buckets.filter((bucket) => !NO_VALUE_KEYS.has(bucket.key)),
    ...buckets.filter((bucket) => NO_VALUE_KEYS.has(bucket.key)),
  ]
}
