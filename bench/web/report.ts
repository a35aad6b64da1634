import fs from 'node:fs/promises'
import path from 'node:path'
import {
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_MINIMUMS,
  METRICS,
  METRIC_MAXIMUMS,
  type Metric,
} from './budgets.ts'
import { kB } from './first-load.ts'
import {
  lostPoints,
  meetsBudgets,
  meetsMetric,
  scriptTransfer,
  type PageScores,
} from './lighthouse.ts'
import { REPO_ROOT, RESULTS_DIR } from './paths.ts'

/** The four scores per page (the median run), with `!` where a budget is missed. */
export function printLighthouse(pages: PageScores[]) {
  const first = pages[0]!.lhr
  const { formFactor, throttlingMethod, throttling } = first.configSettings
  const browser = first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${formFactor} (${throttlingMethod} throttling: ` +
      `${throttling.rttMs} ms RTT, ${kB((throttling.throughputKbps * 1000) / 8)} kB/s, ` +
      `CPU x${throttling.cpuSlowdownMultiplier}), ${browser}, ` +
      `benchmark index of this machine ${first.environment.benchmarkIndex}; ` +
      `median of ${pages[0]!.performanceRuns.length} run(s) per page:`,
  )
  const width = Math.max(...pages.map((page) => page.path.length), 8)
  const column = (text: string) => text.padStart(16)
  const metricColumn = (text: string) => text.padStart(10)
  console.log(
    `  ${'page'.padEnd(width)}${LIGHTHOUSE_CATEGORIES.map(column).join('')}` +
      `${METRICS.map(metricColumn).join('')}  performance runs`,
  )
  for (const page of pages) {
    const cells = LIGHTHOUSE_CATEGORIES.map((category) => {
      const missed = page.scores[category] < LIGHTHOUSE_MINIMUMS[category]
      return column(`${page.scores[category]}${missed ? '!' : ' '}`)
    })
    const metrics = METRICS.map((metric) =>
      metricColumn(
        `${formatMetric(metric, page.metrics[metric])}${meetsMetric(page, metric) ? ' ' : '!'}`,
      ),
    )
    console.log(
      `  ${page.path.padEnd(width)}${cells.join('')}${metrics.join('')}  ${page.performanceRuns.join(', ')}`,
    )
  }
  const budget = LIGHTHOUSE_CATEGORIES.map((category) =>
    column(`>= ${LIGHTHOUSE_MINIMUMS[category]} `),
  )
  const metricBudget = METRICS.map((metric) =>
    metricColumn(`<= ${formatMetric(metric, METRIC_MAXIMUMS[metric])} `),
  )
  console.log(`  ${'budget'.padEnd(width)}${budget.join('')}${metricBudget.join('')}`)

  for (const page of pages.filter((each) => !meetsBudgets(each))) {
    for (const category of LIGHTHOUSE_CATEGORIES) {
      if (page.scores[category] >= LIGHTHOUSE_MINIMUMS[category]) continue
      console.log(`  ${page.path}: ${category} ${page.scores[category]}, points lost on:`)
      for (const line of lostPoints(page.lhr, category).slice(0, 5)) console.log(`    ${line}`)
    }
  }
  const scripts = scriptTransfer(first)
  console.log(
    `  (${pages[0]!.path} loaded ${scripts.count} scripts, ${kB(scripts.bytes)} kB over the wire, compressed as the server sends them)`,
  )
}

/** LCP and TBT in ms as whole numbers, CLS with three decimals. */
const formatMetric = (metric: Metric, value: number) =>
  metric === 'cls' ? value.toFixed(3) : `${Math.round(value)}`

/** Lighthouse's JSON and HTML report of each page, under bench/results/web/. */
export async function writeLighthouseReports(pages: PageScores[], prefix: string) {
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  for (const page of pages) {
    const name = `${prefix}-${slug(page.path)}`
    await fs.writeFile(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(page.lhr, null, 2))
    await fs.writeFile(path.join(RESULTS_DIR, `${name}.html`), page.html)
  }
  console.log(`  Reports: ${path.relative(REPO_ROOT, RESULTS_DIR)}/${prefix}-*.{json,html}`)
}

const slug = (pagePath: string) =>
  pagePath
    .replace(/^\/$/, 'home')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
