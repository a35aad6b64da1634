/** The web budgets of issue 3. kB as Vite prints them: 1 kB = 1,000 bytes. */
export const FIRST_LOAD_JS_GZIP_LIMIT_BYTES = 200_000

/** Lowest Lighthouse score (0-100) per category. */
export const LIGHTHOUSE_MINIMUMS = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
  seo: 90,
} as const

export type LighthouseCategory = keyof typeof LIGHTHOUSE_MINIMUMS
export const LIGHTHOUSE_CATEGORIES = Object.keys(LIGHTHOUSE_MINIMUMS) as LighthouseCategory[]
