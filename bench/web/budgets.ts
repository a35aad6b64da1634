/** The web budgets (issues 3 and 33). kB as Vite prints them: 1 kB = 1,000 bytes. */
export const FIRST_LOAD_JS_GZIP_LIMIT_BYTES = 200_000

/** Lowest Lighthouse score (0-100) per category. */
export const LIGHTHOUSE_MINIMUMS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
} as const

/** Highest value per page of the metrics a visitor feels (Lighthouse's own units). */
export const METRIC_MAXIMUMS = {
  /** Largest contentful paint, ms. */
  lcp: 2_000,
  /** Total blocking time, ms. */
  tbt: 150,
  /** Cumulative layout shift. */
  cls: 0.02,
} as const

export type Metric = keyof typeof METRIC_MAXIMUMS
export const METRICS = Object.keys(METRIC_MAXIMUMS) as Metric[]

/** The Lighthouse audit that measures each metric. */
export const METRIC_AUDITS: Record<Metric, string> = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
}

export type LighthouseCategory = keyof typeof LIGHTHOUSE_MINIMUMS
export const LIGHTHOUSE_CATEGORIES = Object.keys(LIGHTHOUSE_MINIMUMS) as LighthouseCategory[]
