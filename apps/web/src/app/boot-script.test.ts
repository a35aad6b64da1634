import fs from 'node:fs'
import path from 'node:path'
import { STORAGE_KEYS } from '@dataportaal/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

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

describe('the start of the app after the first paint', () => {
  let painted: ((list: { getEntries: () => { name: string }[] }) => void) | null = null
  class FakePerformanceObserver {
    constructor(callback: NonNullable<typeof painted>) {
      painted = callback
    }
    observe() {}
  }
  const started = () =>
    [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
      (element) => element.getAttribute('src') ?? element.getAttribute('href'),
    )

  /** A page as the server sends it, read up to DOMContentLoaded. */
  function loadPage(options: { serverRendered: boolean; choosing?: boolean; preloads?: string[] }) {
    const preloads = options.preloads ?? ['/assets/react-dom.js', '/assets/start.js']
    document.head.innerHTML =
      '<meta name="portal-module" content="/assets/index.js">' +
      `<meta name="portal-modulepreload" content="${preloads.join(' ')}">`
    document.body.innerHTML = options.serverRendered
      ? '<div id="root" data-server-rendered><main>Dataportaal</main></div>'
      : '<div id="root"></div>'
    // This page's listener only, not those of the pages before it in this document.
    const listeners: EventListener[] = []
    const listen = vi
      .spyOn(document, 'addEventListener')
      .mockImplementation((_type: string, listener: EventListenerOrEventListenerObject) => {
        listeners.push(listener as EventListener)
      })
    runBoot(options.choosing ? {} : { choice: 'open' })
    listen.mockRestore()
    for (const listener of listeners) listener(new Event('DOMContentLoaded'))
  }

  beforeEach(() => {
    painted = null
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('starts a page the server rendered once it is painted, the module first', () => {
    loadPage({ serverRendered: true })
    expect(started()).toEqual([])
    painted!({ getEntries: () => [{ name: 'first-paint' }] })
    expect(started()).toEqual([])
    painted!({ getEntries: () => [{ name: 'first-contentful-paint' }] })
    expect(started()).toEqual(['/assets/index.js', '/assets/react-dom.js', '/assets/start.js'])
    painted!({ getEntries: () => [{ name: 'first-contentful-paint' }] })
    expect(started()).toHaveLength(3)
  })

  it('starts a page that is never painted (a tab in the background) after three seconds', () => {
    vi.useFakeTimers()
    try {
      loadPage({ serverRendered: true })
      vi.advanceTimersByTime(2_999)
      expect(started()).toEqual([])
      vi.advanceTimersByTime(1)
      expect(started()).toHaveLength(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('preloads a few files per task, so that no task holds a tap for all of them', () => {
    vi.useFakeTimers()
    try {
      const files = Array.from({ length: 10 }, (_, i) => `/assets/step-${i}.js`)
      loadPage({ serverRendered: false, preloads: files })
      expect(started()).toEqual(['/assets/index.js', ...files.slice(0, 4)])
      vi.advanceTimersToNextTimer()
      expect(started()).toEqual(['/assets/index.js', ...files.slice(0, 8)])
      vi.advanceTimersToNextTimer()
      expect(started()).toEqual(['/assets/index.js', ...files])
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts at once a page the browser renders itself, or one behind the pop-up', () => {
    loadPage({ serverRendered: false })
    expect(started()).toHaveLength(3)
    loadPage({ serverRendered: true, choosing: true })
    expect(started()).toHaveLength(3)
  })
})
