import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { SCREENS } from './support/screens.ts'
import { TEXTS } from './support/texts.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

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
