import { STORAGE_KEYS } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { ROUTES } from './support/routes.ts'
import { TEXTS } from './support/texts.ts'
import { expectContrast, readStored, visitAsPublic } from './support/visitor.ts'

const YELLOW_ON_BLACK = { color: 'rgb(255, 255, 0)', background: 'rgb(0, 0, 0)' }

/** Text and background colour of the page body and of some text in each part of the page. */
const SAMPLES = ['body', 'main h1', 'nav a', 'footer p']

function coloursOf(page: Page) {
  return page.evaluate((selectors) => {
    return selectors.map((selector) => {
      const element = document.querySelector(selector)
      if (!element) return { selector, missing: true }
      const style = getComputedStyle(element)
      return { selector, color: style.color, background: style.backgroundColor }
    })
  }, SAMPLES)
}

test.beforeEach(async ({ page }) => visitAsPublic(page))

test('contrast mode shows yellow on black, survives a reload and can be switched off', async ({
  page,
}) => {
  await page.goto(ROUTES.home)
  const toggle = page.getByRole('button', { name: TEXTS.contrastToggle })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expectContrast(page, false)
  const normal = await coloursOf(page)
  expect(normal.find((sample) => sample.selector === 'body')).not.toMatchObject(YELLOW_ON_BLACK)

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expectContrast(page, true)
  const everyoneYellowOnBlack = SAMPLES.map((selector) => ({ selector, ...YELLOW_ON_BLACK }))
  expect(await coloursOf(page)).toEqual(everyoneYellowOnBlack)

  await page.reload()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expectContrast(page, true)
  expect(await coloursOf(page)).toEqual(everyoneYellowOnBlack)
  expect(await readStored(page, STORAGE_KEYS.contrast)).toBe('true')

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expectContrast(page, false)
  await page.reload()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expectContrast(page, false)
  expect(await coloursOf(page)).toEqual(normal)
})
