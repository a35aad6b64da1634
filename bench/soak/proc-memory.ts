import fs from 'node:fs'

/** Memory of a process as Linux reports it in /proc/<pid>/status, in MB. */
export interface ProcMemory {
  /** Resident set size now. */
  rss: number
  /** The highest resident set size since the process started (VmHWM). */
  peak: number
  /** Resident set size of its child processes and theirs (tsx's esbuild, extraction workers). */
  descendants: number
  /** Their names (`comm`). */
  descendantNames: string[]
}

const MB = 1024 * 1024

function statusField(pid: number, field: string): number | null {
  let text: string
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return null
  }
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)
  return match ? (Number(match[1]) * 1024) / MB : null
}

function childrenOf(pid: number): number[] {
  let tasks: string[]
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
  return tasks.flatMap((task) => {
    try {
      return fs
        .readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number)
    } catch {
      return []
    }
  })
}

function descendantsOf(pid: number): number[] {
  const found: number[] = []
  const queue = childrenOf(pid)
  while (queue.length > 0) {
    const next = queue.shift()!
    found.push(next)
    queue.push(...childrenOf(next))
  }
  return found
}

/** Null when the process is gone, or when this is not Linux. */
export function readProcMemory(pid: number): ProcMemory | null {
  const rss = statusField(pid, 'VmRSS')
  if (rss === null) return null
  const children = descendantsOf(pid)
  const descendants = children
    .map((child) => statusField(child, 'VmRSS') ?? 0)
    .reduce((a, b) => a + b, 0)
  const descendantNames = children.map((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/comm`, 'utf8').trim()
    } catch {
      return '?'
    }
  })
  return { rss, peak: statusField(pid, 'VmHWM') ?? rss, descendants, descendantNames }
}
