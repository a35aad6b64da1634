/**
 * Lowercase without diacritics, matching `portal_normalize()` in SQL: what search and
 * classification compare, so a word typed with or without accents finds the same.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}
