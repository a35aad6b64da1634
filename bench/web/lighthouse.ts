import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse'
import { chromium } from 'playwright-core'
import { STORAGE_KEYS } from '@dataportaal/contract'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts'
import {
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_MINIMUMS,
  METRICS,
  METRIC_AUDITS,
  METRIC_MAXIMUMS,
  type LighthouseCategory,
  type Metric,
} from './budgets.ts'

export type Preset = 'mobile' | 'desktop'

export interface PageScores {
  path: string
  scores: Record<LighthouseCategory, number>
  /** LCP and TBT in ms, CLS unitless, of the same run. */
  metrics: Record<Metric, number>
  lhr: Result
  html: string
  /** Performance of every run of this page; `scores` are those of the median run. */
  performanceRuns: number[]
}

/** Debian's Chromium with the project's flags, in a new temporary profile. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  })
}

/**
 * Stores the choice 'Het openbare Dataportaal' in the profile, so Lighthouse measures the
 * portal and not the first-visit pop-up. Playwright only opens one tab over the DevTools
 * port; Lighthouse keeps local storage (its default reset clears caches, service workers
 * and cache storage) and still starts every page with an empty HTTP cache.
 */
export async function rememberPublicChoice(debuggingPort: number, portalUrl: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    await page.goto(portalUrl)
    await page.evaluate(({ key }) => window.localStorage.setItem(key, 'open'), {
      key: STORAGE_KEYS.choice,
    })
    await page.reload()
    // The portal, not the pop-up: its search bar is there.
    await page.getByRole('search').waitFor({ timeout: 30_000 })
    await page.close()
  } finally {
    // Connected over CDP, close() only disconnects; the browser stays for Lighthouse.
    await browser.close()
  }
}

export async function auditPage(
  portalUrl: string,
  path: string,
  debuggingPort: number,
  preset: Preset,
): Promise<PageScores> {
  const flags: Flags = {
    port: debuggingPort,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: LIGHTHOUSE_CATEGORIES,
  }
  const run = () =>
    lighthouse(
      new URL(path, portalUrl).href,
      flags,
      preset === 'desktop' ? desktopConfig : undefined,
    )
  let result = await run()
  // Now and then Chromium's trace of the first load misses its start (NO_NAVSTART); a run
  // again measures the page as usual.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry++) {
    result = await run()
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`)
  const scores = {} as Record<LighthouseCategory, number>
  for (const category of LIGHTHOUSE_CATEGORIES) {
    const score = lhr.categories[category]?.score
    if (score === null || score === undefined) {
      throw new Error(`Lighthouse on ${path} gave no ${category} score`)
    }
    scores[category] = Math.round(score * 100)
  }
  const metrics = {} as Record<Metric, number>
  for (const metric of METRICS) {
    const value = lhr.audits[METRIC_AUDITS[metric]]?.numericValue
    if (value === undefined) throw new Error(`Lighthouse on ${path} gave no ${metric}`)
    metrics[metric] = value
  }
  const html = Array.isArray(result.report) ? result.report[1]! : result.report
  return { path, scores, metrics, lhr, html, performanceRuns: [scores.performance] }
}

/**
 * Lighthouse's performance score varies from run to run (its docs advise the median of
 * several): runs the page `runs` times and keeps the run with the median performance.
 */
export async function auditPageMedian(
  portalUrl: string,
  path: string,
  debuggingPort: number,
  preset: Preset,
  runs: number,
): Promise<PageScores> {
  const results: PageScores[] = []
  for (let run = 0; run < runs; run += 1) {
    results.push(await auditPage(portalUrl, path, debuggingPort, preset))
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance)
  const median = results[Math.floor(results.length / 2)]!
  return { ...median, performanceRuns: results.map((result) => result.scores.performance) }
}

export const meetsMetric = (page: PageScores, metric: Metric) =>
  page.metrics[metric] <= METRIC_MAXIMUMS[metric]

export const meetsBudgets = (page: PageScores) =>
  LIGHTHOUSE_CATEGORIES.every(
    (category) => page.scores[category] >= LIGHTHOUSE_MINIMUMS[category],
  ) && METRICS.every((metric) => meetsMetric(page, metric))

/** For a category under its budget: the audits that cost points, worst first. */
export function lostPoints(lhr: Result, category: LighthouseCategory) {
  const refs = lhr.categories[category]?.auditRefs ?? []
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score!) - a.ref.weight * (1 - a.audit.score!))
    .map(({ audit }) =>
      [audit.id, audit.displayValue, `score ${Math.round(audit.score! * 100)}`]
        .filter(Boolean)
        .join(', '),
    )
}

/** What the home page really loaded as JavaScript over the wire (compressed). */
export function scriptTransfer(lhr: Result) {
  const items = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
    ?.items as { resourceType?: string; transferSize?: number }[] | undefined
  const scripts = (items ?? []).filter((item) => item.resourceType === 'Script')
  return {
    count: scripts.length,
    bytes: scripts.reduce((total, item) => total + (item.transferSize ?? 0), 0),
  }
}
