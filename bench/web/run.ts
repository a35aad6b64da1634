/**
 * The web budgets of issue 3: first-load JavaScript of the home page, and Lighthouse on
 * home, /zoeken and a document page. Exits 1 when a budget is missed. See bench/README.md.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { SearchResponse } from '@dataportaal/contract'
import { API, ROUTES } from '../../e2e/support/routes.ts'
import { buildWebApp } from './build.ts'
import { FIRST_LOAD_JS_GZIP_LIMIT_BYTES } from './budgets.ts'
import { measureFirstLoad, printFirstLoad } from './first-load.ts'
import {
  auditPageMedian,
  launchChromium,
  meetsBudgets,
  rememberPublicChoice,
  type PageScores,
  type Preset,
} from './lighthouse.ts'
import { DEFAULT_DIST_DIR, REPO_ROOT, RESULTS_DIR } from './paths.ts'
import { printLighthouse, writeLighthouseReports } from './report.ts'
import { freePort, startPortal } from './portal-server.ts'

const SEARCH_QUERY = 'bevolking'
const RUN_STAMP = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)

const { values: options } = parseArgs({
  options: {
    dist: { type: 'string' },
    preset: { type: 'string', default: 'mobile' },
    only: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
})

const cleanups: (() => unknown)[] = []
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)))

async function main() {
  const preset = options.preset
  if (preset !== 'mobile' && preset !== 'desktop') {
    throw new Error(`--preset must be mobile or desktop, not '${preset}'`)
  }
  if (options.only && options.only !== 'first-load' && options.only !== 'lighthouse') {
    throw new Error(`--only must be first-load or lighthouse, not '${options.only}'`)
  }
  const runs = Number(options.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1`)
  const distDir = options.dist
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), options.dist)
    : DEFAULT_DIST_DIR
  if (!options.dist) await buildWebApp(distDir)

  const cpus = os.cpus()
  console.log(`Web budgets, ${new Date().toISOString()}`)
  console.log(
    `Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}; web app build: ${path.relative(REPO_ROOT, distDir)}`,
  )
  let passed = true
  const summary: Record<string, unknown> = { date: new Date().toISOString(), preset }

  if (options.only !== 'lighthouse') {
    const firstLoad = await measureFirstLoad(distDir)
    console.log('\nFirst-load JavaScript of the home page (gzip level 9):')
    printFirstLoad(firstLoad, FIRST_LOAD_JS_GZIP_LIMIT_BYTES)
    passed &&= firstLoad.gzipBytes <= FIRST_LOAD_JS_GZIP_LIMIT_BYTES
    summary.firstLoad = firstLoad
  }

  if (options.only !== 'first-load') {
    const pages = await runLighthouse(distDir, preset, runs)
    passed &&= pages.every(meetsBudgets)
    summary.lighthouse = pages.map(({ path: pagePath, scores, metrics }) => ({
      path: pagePath,
      scores,
      metrics,
    }))
  }

  await fs.mkdir(RESULTS_DIR, { recursive: true })
  const summaryFile = path.join(RESULTS_DIR, `${RUN_STAMP}-summary.json`)
  await fs.writeFile(summaryFile, `${JSON.stringify(summary, null, 2)}\n`)
  console.log(`\nSummary: ${path.relative(REPO_ROOT, summaryFile)}`)
  console.log(passed ? 'All web budgets met.' : 'A web budget was missed.')
  process.exitCode = passed ? 0 : 1
}

async function runLighthouse(distDir: string, preset: Preset, runs: number) {
  const portal = await startPortal({ webDistDir: distDir, port: await freePort() })
  cleanups.push(portal.stop)
  const chrome = await launchChromium()
  cleanups.push(() => chrome.kill())
  await rememberPublicChoice(chrome.port, portal.url)

  const paths = [ROUTES.home, ROUTES.search(SEARCH_QUERY), await documentWithFiles(portal.url)]
  const pages: PageScores[] = []
  for (const pagePath of paths) {
    pages.push(await auditPageMedian(portal.url, pagePath, chrome.port, preset, runs))
  }
  await cleanUp()

  printLighthouse(pages)
  await writeLighthouseReports(pages, `${RUN_STAMP}-${preset}`)
  return pages
}

/**
 * The best match for the search query that has files, so the page shows a file list and a
 * preview, as most document pages do.
 */
async function documentWithFiles(portalUrl: string) {
  const response = await fetch(new URL(API.search(SEARCH_QUERY), portalUrl))
  if (!response.ok) throw new Error(`GET ${API.search(SEARCH_QUERY)}: HTTP ${response.status}`)
  const { Results } = SearchResponse.parse(await response.json())
  const withFiles = Results.find((result) => result.fileFormats.length > 0) ?? Results[0]
  if (!withFiles) throw new Error(`No document found for '${SEARCH_QUERY}'`)
  return ROUTES.document(withFiles.contentUID)
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
  .finally(cleanUp)
