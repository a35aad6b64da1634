import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { openFirstSearchResult, waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { TEXTS } from './support/texts.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/** Every public screen, opened the way a visitor gets there. */
const SCREENS: { name: string; open: (page: Page) => Promise<unknown> }[] = [
  { name: 'home', open: (page) => page.goto(ROUTES.home) },
  { name: 'search results', open: (page) => page.goto(ROUTES.search('bevolking')) },
  { name: 'FAQ', open: (page) => page.goto(ROUTES.info) },
  { name: 'data question', open: (page) => page.goto(ROUTES.dataQuestion) },
  { name: 'document page', open: (page) => openFirstSearchResult(page, 'bevolking') },
]

const MODES = [
  { name: 'normal colours', contrast: false },
  { name: 'contrast mode', contrast: true },
]

for (const mode of MODES) {
  test.describe(mode.name, () => {
    for (const screen of SCREENS) {
      test(`${screen.name}: no axe-core violations`, async ({ page }) => {
        await visitAsPublic(page)
        await screen.open(page)
        await setContrast(page, mode.contrast)
        await waitForScreen(page)
        await expectNoAxeViolations(page, `${screen.name} (${mode.name})`)
      })
    }

    test('first-visit pop-up: no axe-core violations', async ({ page }) => {
      await page.goto(ROUTES.home)
      await setContrast(page, mode.contrast)
      await expect(page.getByRole('dialog', { name: TEXTS.firstVisitHeading })).toBeVisible()
      await expectNoAxeViolations(page, `first-visit pop-up (${mode.name})`)
    })
  })
}
