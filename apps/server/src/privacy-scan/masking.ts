import type { PrivacyKind } from '@dataportaal/contract'
import type { Hit } from './detection.ts'

/**
 * How a value is shown without being readable: every letter and digit becomes `*` except the
 * last three, separators stay where they were (`1234.56.782` → `****.**.782`, `06-12345678`
 * → `**-*****678`). An IBAN keeps its country code as well (`NL** **** **** ***3 00`); an
 * e-mail address keeps only its first letter and top-level domain, with a fixed number of
 * stars so not even its length shows (`j***@*****.nl`).
 */
export function mask(kind: PrivacyKind, value: string): string {
  if (kind === 'email') {
    const at = value.lastIndexOf('@')
    const tld = value.slice(value.lastIndexOf('.') + 1)
    return `${value.slice(0, Math.min(1, at))}***@*****.${tld}`
  }
  const keepFrom = alphanumericsBefore(value, 3)
  const keepStart = kind === 'iban' ? 2 : 0
  let masked = ''
  for (let i = 0; i < value.length; i++) {
    const c = value[i] ?? ''
    const shown = i < keepStart || i >= keepFrom || !/[\p{L}\p{N}]/u.test(c)
    masked += shown ? c : '*'
  }
  return masked
}

/** The index from which `value` holds its last `n` letters and digits. */
function alphanumericsBefore(value: string, n: number): number {
  let seen = 0
  for (let i = value.length - 1; i >= 0; i--) {
    if (/[\p{L}\p{N}]/u.test(value[i] ?? '') && ++seen === n) return i
  }
  return 0
}

// About forty characters around a value: twenty on either side, to a word's edge.
const CONTEXT_SIDE = 20

/**
 * A few words around `hit`, with it and every other value in sight masked: what an owner
 * needs to find the place, nothing that gives the values away. A value cut by the window's edge
 * is taken in whole, so no part of it shows unmasked.
 */
export function contextOf(text: string, hit: Hit, hits: readonly Hit[]): string {
  let start = Math.max(0, hit.start - CONTEXT_SIDE)
  let end = Math.min(text.length, hit.end + CONTEXT_SIDE)
  if (start > 0) {
    const space = text.indexOf(' ', start)
    start = space >= 0 && space < hit.start ? space + 1 : start
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    end = space > hit.end ? space : end
  }
  const inSight = hits.filter((other) => other.end > start && other.start < end)
  for (const other of inSight) {
    start = Math.min(start, other.start)
    end = Math.max(end, other.end)
  }
  let context = ''
  let at = start
  for (const other of inSight) {
    context += text.slice(at, other.start) + mask(other.kind, text.slice(other.start, other.end))
    at = other.end
  }
  context += text.slice(at, end)
  return `${start > 0 ? '…' : ''}${context.replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`
}
