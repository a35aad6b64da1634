import { ATOM_MEDIA_TYPE } from '@dataportaal/contract'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { documentPathFor, fetchPortalName } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { ACCOUNTS, signInAs, userMenuButton } from './support/sign-in.ts'
import { CONTRAST_CLASS, visitAsPublic } from './support/visitor.ts'

/** The public pages the server renders, with the heading each page's HTML must already hold. */
async function publicPages(request: Parameters<typeof documentPathFor>[0]) {
  return [
    { path: ROUTES.home, heading: 'Data en documenten van de gemeente', feed: true },
    { path: ROUTES.search('bevolking'), heading: 'Zoekresultaten voor "bevolking"', feed: true },
    { path: ROUTES.info, heading: 'Veelgestelde vragen', feed: false },
    { path: ROUTES.dataQuestion, heading: 'Datavraag', feed: false },
    { path: await documentPathFor(request, 'bevolking'), heading: 'Bevolking', feed: false },
    { path: '/themas', heading: 'Thema', feed: false },
    { path: '/themas/Bevolking', heading: 'Bevolking', feed: true },
  ]
}

/**
 * Opens `path` and says whether the browser kept the server's heading element (hydrated)
 * rather than drawing the page anew, with every console error and page error on the way.
 */
async function openAndHydrate(page: Page, path: string) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const state = window as unknown as Record<string, unknown>
      state['serverHeading'] = document.querySelector('main h1')
      state['classesBeforeScripts'] = document.documentElement.className
    })
  })
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  const kept = await page.evaluate(() => {
    const state = window as unknown as Record<string, unknown>
    return (
      state['serverHeading'] !== null &&
      state['serverHeading'] === document.querySelector('main h1')
    )
  })
  return { kept, problems }
}

test('the HTML of every public page holds its content, title and feed link', async ({
  request,
}) => {
  const portalName = await fetchPortalName(request)
  for (const page of await publicPages(request)) {
    const response = await request.get(page.path)
    expect(response.status(), page.path).toBe(200)
    const html = await response.text()
    const [head, body] = html.split('</head>')
    expect(body, page.path).toContain('data-server-rendered')
    expect(body, page.path).toMatch(new RegExp(`<h1[^>]*>${page.heading.replace(/"/g, '&quot;')}`))
    expect(head, page.path).toContain(`${portalName}</title>`)
    if (page.feed) expect(head, page.path).toContain(`type="${ATOM_MEDIA_TYPE}"`)
    expect(response.headers()['cache-control'], page.path).toBe('no-cache')
  }
})

test('a missing document or theme is a 404 with the page that says so', async ({ request }) => {
  for (const path of ['/documenten/00000000-0000-4000-8000-000000000000', '/themas/Bestaat-niet']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text(), path).toContain('data-server-rendered')
  }
})

test('a visitor gets each page hydrated as the server rendered it: no mismatch, no error', async ({
  page,
  request,
}) => {
  await visitAsPublic(page)
  for (const { path } of await publicPages(request)) {
    const { kept, problems } = await openAndHydrate(page, path)
    expect(kept, path).toBe(true)
    expect(problems, path).toEqual([])
  }
})

test('contrast mode is on before the first paint and the page still hydrates', async ({ page }) => {
  await visitAsPublic(page)
  await page.addInitScript(() => window.localStorage.setItem('contrast', 'true'))
  const { kept, problems } = await openAndHydrate(page, ROUTES.search('bevolking'))
  const classes = await page.evaluate(
    () => (window as unknown as Record<string, string>)['classesBeforeScripts'],
  )
  expect(classes).toContain(CONTRAST_CLASS)
  expect(kept).toBe(true)
  expect(problems).toEqual([])
  await expect(page.getByRole('button', { name: 'Hoog contrast' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})

test('a first visit never shows the rendered page behind the pop-up', async ({ page }) => {
  // Every frame from the first paint on: is the page's heading visible?
  await page.addInitScript(() => {
    const state = window as unknown as Record<string, unknown>
    state['headingSeen'] = false
    const watch = () => {
      const heading = document.querySelector('main h1')
      if (heading && getComputedStyle(heading).visibility === 'visible') state['headingSeen'] = true
      requestAnimationFrame(watch)
    }
    requestAnimationFrame(watch)
  })
  await page.goto(ROUTES.search('bevolking'))
  await expect(page.getByRole('dialog', { name: 'Bent u op zoek naar' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(
    await page.evaluate(() => (window as unknown as Record<string, boolean>)['headingSeen']),
  ).toBe(false)
})

test('a signed-in employee gets the public page hydrated, then their own state', async ({
  page,
}) => {
  await signInAs(page, 'medewerker')
  const { kept, problems } = await openAndHydrate(page, ROUTES.search('bevolking'))
  expect(problems).toEqual([])
  expect(kept).toBe(true)
  await expect(userMenuButton(page, ACCOUNTS.medewerker.name)).toBeVisible()
  // Their own state: the favourite stars of the search results, which a visitor has not.
  await expect(page.getByRole('button', { name: /Markeer als favoriet/ }).first()).toBeVisible()
})
