import { STORAGE_KEYS } from '@dataportaal/contract'
import { expect, type Page } from '@playwright/test'

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/** The class the app puts on <html> in contrast mode. */
export const CONTRAST_CLASS = 'portal-contrast'
const contrastClass = new RegExp(`(^|\\s)${CONTRAST_CLASS}(\\s|$)`)

/** A visitor who chose 'Het openbare Dataportaal' before: no first-visit pop-up. */
export async function visitAsPublic(page: Page) {
  await page.addInitScript(
    ({ key, value }) => {
      try {
        window.localStorage.setItem(key, value)
      } catch {
        // about:blank and other opaque origins have no storage; the app's pages do.
      }
    },
    { key: STORAGE_KEYS.choice, value: 'open' },
  )
}

export function readStored(page: Page, key: StorageKey) {
  return page.evaluate((name) => window.localStorage.getItem(name), key)
}

/**
 * Contrast mode as a returning visitor has it: stored as `contrast` and restored when the
 * page loads. Works on every screen, the first-visit pop-up included (it has no toggle). A
 * page already shown in that mode is not loaded again: it is what the reload would show.
 */
export async function setContrast(page: Page, on: boolean) {
  const shown = await page.evaluate(
    ({ key, value, className }) => {
      window.localStorage.setItem(key, value)
      return document.documentElement.classList.contains(className)
    },
    { key: STORAGE_KEYS.contrast, value: String(on), className: CONTRAST_CLASS },
  )
  if (shown !== on) await page.reload()
  await expectContrast(page, on)
}

export async function expectContrast(page: Page, on: boolean) {
  const html = page.locator('html')
  if (on) await expect(html).toHaveClass(contrastClass)
  else await expect(html).not.toHaveClass(contrastClass)
}
