import { SEARCH_LIMITS } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { searchBox, tabTo } from './support/portal.ts'
import { API, ROUTES } from './support/routes.ts'
import { TEXTS } from './support/texts.ts'
import { visitAsPublic } from './support/visitor.ts'

/** The texts the page asked suggestions for, in order. */
function recordSuggestionRequests(page: Page) {
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith(API.completePrefix)) {
      asked.push(decodeURIComponent(pathname.slice(API.completePrefix.length)))
    }
  })
  return asked
}

test.beforeEach(async ({ page }) => visitAsPublic(page))

test('suggestions come after a pause in typing; arrows fill the input; Enter searches', async ({
  page,
}) => {
  const asked = recordSuggestionRequests(page)
  await page.goto(ROUTES.home)
  const input = searchBox(page)
  await expect(input).toHaveAttribute('placeholder', TEXTS.searchPlaceholder)
  await tabTo(page, input)

  // Keystrokes 50 ms apart, well within the debounce.
  await page.keyboard.type('bev', { delay: 50 })
  const listbox = page.getByRole('listbox')
  await expect(listbox).toBeVisible()
  await expect(input).toHaveAttribute('aria-expanded', 'true')
  await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!)
  const options = listbox.getByRole('option')
  await expect(options.first()).toBeVisible()
  // Debounced: one request, when typing paused, not one per keystroke.
  expect(asked).toEqual(['bev'])

  const first = (await options.first().textContent())!.trim()
  await page.keyboard.press('ArrowDown')
  await expect(input).toHaveValue(first)
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await options.first().getAttribute('id'))!,
  )

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === ROUTES.searchPath &&
      url.searchParams.get('query') === first &&
      url.searchParams.get('offset') === '1',
  )
  await expect(listbox).toBeHidden()
})

test('a query of one letter shows the empty-query state and stays on the page', async ({
  page,
}) => {
  const asked = recordSuggestionRequests(page)
  await page.goto(ROUTES.home)
  const input = searchBox(page)
  await tabTo(page, input)

  await page.keyboard.type('b')
  // Longer than the debounce: one letter never asks for suggestions.
  await page.waitForTimeout(SEARCH_LIMITS.suggestDebounceMs + 300)
  await expect(page.getByRole('listbox')).toBeHidden()
  expect(asked).toEqual([])

  await page.keyboard.press('Enter')
  await expect(input).toHaveAttribute('placeholder', TEXTS.emptyQueryPlaceholder)
  await expect(input).toHaveValue('')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.home && url.search === '')
})
