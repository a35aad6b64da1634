import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/** WCAG 2.1 level A and AA, the level Dutch government websites must meet. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Runs axe-core on the page as it is now; a violation fails with its rule and elements. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  if (violations.length > 0) {
    await test.info().attach(`axe violations: ${label}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    })
  }
  const found = violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '))
    const more = violation.nodes.length > 3 ? `, +${violation.nodes.length - 3} more` : ''
    return `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} [${targets.join(', ')}${more}]`
  })
  expect(found, `axe-core violations on ${label}`).toEqual([])
}
