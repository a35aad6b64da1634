// Fails when the relative imports among the .ts/.tsx files under a folder (by default
// apps/server/src) form a cycle, and prints each cycle. Part of `npm run check`.
//
// Every import and `export ... from` counts, type-only ones too: a cycle of types still
// means two modules that cannot be read, moved or tested one without the other, which is
// what this check is for. `import()` expressions count as well, for the same reason. Tests
// count too: no module imports a test, so a test is never part of a cycle by what it imports.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const SOURCE = /\.tsx?$/

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .sort()
}

/** The specifiers a file imports from: static imports, `export ... from` and `import()`. */
function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const found = []
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The file an import names: as written (`./x.ts`), or without its extension. */
function resolve(target, known) {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]
  return candidates.find((candidate) => known.has(candidate)) ?? null
}

/** Each file's relative imports that resolve to a file of the set, as a graph. */
export function importGraph(dir) {
  const files = sourceFiles(dir)
  const known = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const targets = specifiers(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(path.resolve(path.dirname(file), specifier), known))
      .filter((target) => target !== null)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/**
 * The knots of files that import each other (strongly connected components, by Tarjan's
 * algorithm), each as `cycle`, one cycle through it (each file imports the next, the last
 * the first), and `files`, all of its files: breaking that cycle may leave another.
 */
export function findCycles(graph) {
  const indexOf = new Map()
  const lowOf = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  let next = 0
  const connect = (file) => {
    indexOf.set(file, next)
    lowOf.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!indexOf.has(target)) {
        connect(target)
        lowOf.set(file, Math.min(lowOf.get(file), lowOf.get(target)))
      } else if (onStack.has(target)) {
        lowOf.set(file, Math.min(lowOf.get(file), indexOf.get(target)))
      }
    }
    if (lowOf.get(file) !== indexOf.get(file)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    const selfImport = (graph.get(file) ?? []).includes(file)
    if (component.length > 1 || selfImport) components.push(component)
  }
  for (const file of graph.keys()) if (!indexOf.has(file)) connect(file)
  return components.map((component) => ({
    cycle: cycleWithin(graph, new Set(component)),
    files: component.sort(),
  }))
}

/** One cycle through the first file of a component, by a breadth-first walk inside it. */
function cycleWithin(graph, component) {
  const start = [...component].sort()[0]
  const cameFrom = new Map()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const target of graph.get(file) ?? []) {
      if (!component.has(target)) continue
      if (target === start) {
        const cycle = [file]
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]))
        return cycle
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file)
        queue.push(target)
      }
    }
  }
  return [start]
}

function main() {
  const root = path.resolve(fileURLToPath(import.meta.url), '../..')
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/src'))
  const cycles = findCycles(importGraph(dir))
  const name = (file) => path.relative(dir, file)
  if (cycles.length === 0) {
    console.log(`No import cycles in ${path.relative(process.cwd(), dir) || '.'}.`)
    return
  }
  console.error(`Import cycles in ${dir} (each file imports the next):`)
  for (const { cycle, files } of cycles) {
    console.error(`  ${[...cycle, cycle[0]].map(name).join('\n    -> ')}`)
    const others = files.filter((file) => !cycle.includes(file))
    if (others.length > 0) console.error(`  (in the same knot: ${others.map(name).join(', ')})`)
  }
  console.error('Move what both sides need into a module of its own, imported by both.')
  process.exitCode = 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
