import fs from 'node:fs'
import path from 'node:path'
import { STORAGE_KEYS } from '@dataportaal/contract'
import { beforeEach, describe, expect, it } from 'vitest'

const BOOT = fs.readFileSync(path.join(import.meta.dirname, '../../public/boot.js'), 'utf8')

/** public/boot.js as the browser runs it: before the page, with its local storage. */
function runBoot(stored: Partial<Record<keyof typeof STORAGE_KEYS, string>>) {
  localStorage.clear()
  for (const [key, value] of Object.entries(stored)) {
    localStorage.setItem(STORAGE_KEYS[key as keyof typeof STORAGE_KEYS], value)
  }
  document.documentElement.className = ''
  new Function(BOOT)()
  return [...document.documentElement.classList]
}

describe('the script before the first paint', () => {
  beforeEach(() => localStorage.clear())

  it('applies the stored contrast mode', () => {
    expect(runBoot({ contrast: 'true', choice: 'open' })).toEqual(['portal-contrast'])
    expect(runBoot({ contrast: 'false', choice: 'open' })).toEqual([])
  })

  it('hides the page behind the pop-up only when no choice is stored (spec section 4)', () => {
    expect(runBoot({})).toEqual(['portal-choosing'])
    expect(runBoot({ choice: 'open' })).toEqual([])
    expect(runBoot({ authenticated: 'false' })).toEqual([])
    expect(runBoot({ authenticated: 'true' })).toEqual([])
  })
})
