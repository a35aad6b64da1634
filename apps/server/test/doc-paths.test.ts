import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Every repository path the documentation names must exist, so a renamed or deleted file
// cannot leave a reader at a dead end. Checked: README.md, docs/**/*.md, bench/README.md.
// A path is
// - any token starting with a top-level folder below (apps/…, packages/…, docs/…, bench/…,
//   e2e/…, scripts/…, .ci/…), in prose, in backticks or in code blocks, taken from the
//   repository root; and
// - the target of a relative Markdown link (`[text](target)`), taken from the file's folder.
// Tokens that continue with a placeholder (`<feature>`, `{id}`, `*`, `…`) are patterns, not
// paths; what the build, a run or a benchmark writes (ignored by git) need not exist.

const ROOT = path.resolve(import.meta.dirname, '../../..')
const TOP_FOLDERS = ['apps', 'packages', 'docs', 'bench', 'e2e', 'scripts', '.ci']
const WRITTEN_NOT_COMMITTED = [
  'apps/web/dist',
  'apps/server/dist',
  'bench/results',
  'bench/search/dist',
  'bench/web/dist',
]

const ROOT_PATH = new RegExp(
  `(?<![\\w./-])(?:${TOP_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|')})/[\\w./@-]*`,
  'g',
)
const LINK_TARGET = /\]\(([^)\s]+)\)/g
const PLACEHOLDER_NEXT = /^[<{*…$]/

function documentationFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name))
  return ['README.md', 'bench/README.md', ...docs]
}

function trimPunctuation(token: string): string {
  return token.replace(/[.,:;]+$/, '')
}

function namedPaths(file: string, text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(ROOT_PATH)) {
    const next = text.slice(match.index + match[0].length, match.index + match[0].length + 1)
    if (PLACEHOLDER_NEXT.test(next)) continue
    found.push(trimPunctuation(match[0]))
  }
  for (const match of text.matchAll(LINK_TARGET)) {
    const target = (match[1] ?? '').split('#')[0] ?? ''
    if (target === '' || /^[a-z]+:/i.test(target) || target.startsWith('/')) continue
    found.push(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target)))
  }
  return found
}

function isWrittenNotCommitted(repositoryPath: string): boolean {
  return WRITTEN_NOT_COMMITTED.some(
    (folder) => repositoryPath === folder || repositoryPath.startsWith(`${folder}/`),
  )
}

describe('paths named in the documentation', () => {
  it('exist in the repository', () => {
    const missing: string[] = []
    for (const file of documentationFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const named of new Set(namedPaths(file, text))) {
        if (isWrittenNotCommitted(named)) continue
        if (!fs.existsSync(path.join(ROOT, named))) missing.push(`${file}: ${named}`)
      }
    }
    expect(missing, 'paths named in the docs that do not exist').toEqual([])
  })

  it('finds the paths it is meant to find', () => {
    const text = [
      'See `apps/server/src/app.ts`, e2e/README.md and [history](history/a.md).',
      'Not `apps/server/src/features/<feature>/` nor `bench/results/*.json`.',
    ].join('\n')
    expect(namedPaths('bench/README.md', text)).toEqual([
      'apps/server/src/app.ts',
      'e2e/README.md',
      'bench/history/a.md',
    ])
  })
})
