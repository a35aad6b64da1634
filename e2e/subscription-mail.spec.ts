import {
  API_PREFIX,
  SUBSCRIPTION_PAGES,
  SUBSCRIPTION_PATHS,
  type SubscriptionFrequency,
} from '@dataportaal/contract'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { linkIn, mailsTo, oneClickUnsubscribeUrl, waitForMails } from './support/mail.ts'
import { anotherPersonsPage, waitForScreen } from './support/portal.ts'
import { ROUTES } from './support/routes.ts'
import { signInAs } from './support/sign-in.ts'
import { uploadCsv } from './support/upload.ts'
import { setContrast, visitAsPublic } from './support/visitor.ts'

/*
 * Issue 34 end to end: the server sends to the run's SMTP sink on loopback
 * (support/smtp-sink.ts), and the visitor reads the mail there (support/mail.ts). It
 * uploads and approves, so it takes turns with the other open-count journeys.
 *
 * Not here: the digest ('dagelijks', 'wekelijks'). It is composed when its day or week has
 * ended, by the hourly maintenance, and the server offers no way to end a period sooner;
 * the server test composes one for two documents with a later clock
 * (apps/server/src/features/subscriptions/subscriptions.test.ts).
 */

const SUBSCRIBE = `${API_PREFIX.public}${SUBSCRIPTION_PATHS.subscribe}`
const CONFIRM = `${API_PREFIX.public}${SUBSCRIPTION_PATHS.confirm}`

/** A word no demo document and no other journey has: these letters spell the moment. */
const uniqueWord = () =>
  `sluiswachter${[...Date.now().toString(10)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`

/** The confirmation mail's link: what the visitor clicks in the mail client. */
function confirmLink(address: string, baseURL: string) {
  const [confirmation] = mailsTo(address)
  expect(confirmation?.header('Subject')).toMatch(/^Bevestig uw aanmelding/)
  return linkIn(confirmation!, `${baseURL}${SUBSCRIPTION_PAGES.confirm}?token=`)
}

/** Someone else following the same search, subscribed and confirmed as a script would. */
async function subscribeByApi(
  request: APIRequestContext,
  address: string,
  query: string,
  frequency: SubscriptionFrequency = 'direct',
) {
  const response = await request.post(SUBSCRIBE, { data: { email: address, frequency, query } })
  expect(response.status(), `POST ${SUBSCRIBE} for ${address}`).toBe(202)
}

async function confirmByApi(request: APIRequestContext, address: string, baseURL: string) {
  await waitForMails(address, 1)
  const token = confirmLink(address, baseURL).searchParams.get('token')
  const response = await request.post(CONFIRM, { data: { token } })
  expect(response.status(), `POST ${CONFIRM} for ${address}`).toBe(200)
}

/** `medewerker` uploads a document and `beheerder` approves it on /validatie: published. */
async function publish(employee: Page, admin: Page, title: string) {
  const id = await uploadCsv(employee, {
    title,
    description: 'Openingstijden en storingen van de sluizen, per sluis.',
  })
  await admin.goto(`${ROUTES.validation}?status=openstaand`)
  await admin
    .getByRole('main')
    .getByRole('button', { name: `Goedkeuren ${title}`, exact: true })
    .click()
  await expect(
    admin.getByRole('status').filter({ hasText: `"${title}" is goedgekeurd` }),
  ).toBeVisible()
  return id
}

async function signedIn(browser: Browser, account: 'medewerker' | 'beheerder') {
  const page = await anotherPersonsPage(browser)
  await signInAs(page, account)
  return page
}

test('a visitor follows a search by e-mail, confirms from the mail, gets one message per match, and one click ends it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const origin = baseURL ?? ''
  const word = uniqueWord()
  const stamp = Date.now()
  const visitor = `volger-${stamp}@example.org`
  const other = `ook-volger-${stamp}@example.org`

  // The visitor follows the search '<word>' directly.
  await visitAsPublic(page)
  await page.goto(ROUTES.search(word))
  await waitForScreen(page)
  const form = page.getByRole('region', { name: 'Volg via e-mail' })
  await form.getByRole('textbox', { name: /^E-mailadres/ }).fill(visitor)
  await form.getByRole('radio', { name: 'Direct' }).check()
  await form.getByRole('button', { name: 'Volgen' }).click()
  await expect(form.getByText(/^Controleer uw e-mail/)).toBeVisible()
  // Someone else follows it too; their messages show when the server has done its part.
  await subscribeByApi(request, other, `query=${word}`)

  // One mail, the confirmation; its link opens the landing page, which passes axe.
  const [confirmation] = await waitForMails(visitor, 1)
  expect(confirmation!.header('Subject')).toMatch(/^Bevestig uw aanmelding/)
  expect(confirmation!.body).toContain(`de zoekopdracht '${word}'`)
  await page.goto(confirmLink(visitor, origin).href)
  await waitForScreen(page)
  for (const contrast of [true, false]) {
    await setContrast(page, contrast)
    await expectNoAxeViolations(page, `confirm page from the mail${contrast ? ' (contrast)' : ''}`)
  }
  await page.getByRole('button', { name: 'Bevestigen' }).click()
  await expect(page.getByText('Uw aanmelding is bevestigd.', { exact: false })).toBeVisible()
  await confirmByApi(request, other, origin)

  // A matching document is published: exactly one message, naming it with a link.
  const employee = await signedIn(browser, 'medewerker')
  const admin = await signedIn(browser, 'beheerder')
  const firstTitle = `Sluizen ${word}`
  const firstId = await publish(employee, admin, firstTitle)
  await waitForMails(other, 2)
  const afterFirst = await waitForMails(visitor, 2)
  expect(afterFirst).toHaveLength(2)
  const notice = afterFirst[1]!
  expect(notice.header('Subject')).toContain(firstTitle)
  expect(notice.body).toContain(`Nieuw gepubliceerd: ${firstTitle}`)
  const documentLink = linkIn(notice, `${origin}${ROUTES.documentPrefix}`)
  expect(documentLink.pathname).toBe(ROUTES.document(firstId))
  expect(notice.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  const unsubscribeUrl = oneClickUnsubscribeUrl(notice)
  expect(unsubscribeUrl.origin).toBe(origin)

  // The link in the message opens the document.
  await page.goto(documentLink.href)
  await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible()

  // One click in the mail client: the RFC 8058 POST to the List-Unsubscribe URL.
  const oneClick = await request.post(unsubscribeUrl.href, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  })
  expect(oneClick.status()).toBe(200)
  expect(await oneClick.json()).toEqual({ changed: true })

  // A second match is published. The other follower's message for it is queued by the
  // same job that would queue the visitor's; a confirmation asked for after it arrived is
  // sent after both (one worker, jobs in order), so once that arrives nothing is on its way.
  await publish(employee, admin, `Sluisdeuren ${word}`)
  await waitForMails(other, 3)
  const last = `laatste-${stamp}@example.org`
  await subscribeByApi(request, last, `query=${word}`)
  await waitForMails(last, 1)
  expect(mailsTo(visitor)).toHaveLength(2)
})
