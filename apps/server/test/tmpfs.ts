import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * A small file system of its own (tmpfs), for tests of a full disk as it really happens:
 * ENOSPC from the kernel. Mounting needs root (CI runs as root); elsewhere those tests skip.
 */
export interface SmallDisk {
  dir: string
  /** Fills what is left with one file until the kernel says ENOSPC, then frees `leaveKb`. */
  fill(leaveKb?: number): Promise<void>
  /** Removes that file again. */
  empty(): Promise<void>
  unmount(): void
}

export function mountSmallDisk(sizeMb: number): SmallDisk {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-small-disk-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' })
  const filler = path.join(dir, 'filler')
  return {
    dir,
    async fill(leaveKb = 0) {
      const handle = await fs.open(filler, 'a')
      const chunk = Buffer.alloc(64 * 1024)
      try {
        for (;;) await handle.write(chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      } finally {
        await handle.close()
      }
      if (leaveKb > 0) await fs.truncate(filler, (await fs.stat(filler)).size - leaveKb * 1024)
    },
    empty: () => fs.rm(filler, { force: true }),
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Whether this process may mount a tmpfs (root, and a kernel that lets it). */
export function canMountSmallDisk(): boolean {
  try {
    mountSmallDisk(1).unmount()
    return true
  } catch {
    return false
  }
}
