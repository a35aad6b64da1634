import { DATA_REQUEST_MESSAGES, DATA_REQUEST_URL } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pasteInto } from '../../test/fill-in.ts'
import { json, renderAt, stubApi, TEST_CONFIG } from '../../test/render.tsx'
import { DataQuestionPage } from './DataQuestionPage.tsx'
import { DATA_QUESTION_TEXTS as TEXTS } from './texts.ts'

const ID = '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'

afterEach(() => vi.unstubAllGlobals())

const renderPage = () => renderAt(<DataQuestionPage />, '/datavraag')

const box = (name: RegExp) => screen.getByRole('textbox', { name })
const nameBox = () => box(/^Naam/)
const emailBox = () => box(/^E-mailadres/)
const subjectBox = () => box(/^Onderwerp/)
const messageBox = () => box(/^Uw vraag/)
const consentBox = () => screen.getByRole('checkbox', { name: /toestemming/ })
const submitButton = () => screen.getByRole('button', { name: /^Versturen/ })

async function fillIn(user: UserEvent) {
  await pasteInto(user, nameBox(), 'Jan de Vries')
  await pasteInto(user, emailBox(), 'jan@example.org')
  await pasteInto(user, box(/^Organisatie/), 'Fietsersbond')
  await pasteInto(user, subjectBox(), 'Fietstellingen per wijk')
  await pasteInto(user, messageBox(), 'Hebben jullie tellingen per wijk sinds 2015?')
  await user.click(consentBox())
}

const expectTypedValuesKept = () => {
  expect(nameBox()).toHaveValue('Jan de Vries')
  expect(emailBox()).toHaveValue('jan@example.org')
  expect(subjectBox()).toHaveValue('Fietstellingen per wijk')
  expect(messageBox()).toHaveValue('Hebben jullie tellingen per wijk sinds 2015?')
  expect(consentBox()).toBeChecked()
}

describe('/datavraag', () => {
  it('explains what one can ask, and links the privacy statement from the consent', () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Datavraag' })).toBeVisible()
    expect(screen.getByRole('heading', { name: TEXTS.whatTitle })).toBeVisible()
    expect(screen.getByRole('link', { name: /privacyverklaring/ })).toHaveAttribute(
      'href',
      TEST_CONFIG.footerLinks.privacy,
    )
    expect(document.title).toMatch(/^Datavraag \| /)
  })

  it('checks the form before sending: messages next to the fields, focus on the first', async () => {
    const { fetchMock } = stubApi(() => json({ id: ID }, 202))
    renderPage()
    const user = userEvent.setup()
    await user.type(emailBox(), 'jan@')
    await user.click(submitButton())

    expect(nameBox()).toHaveFocus()
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true')
    expect(nameBox()).toHaveAccessibleDescription(DATA_REQUEST_MESSAGES.name)
    expect(emailBox()).toHaveAccessibleDescription(
      `${TEXTS.emailHint} ${DATA_REQUEST_MESSAGES.email}`,
    )
    expect(subjectBox()).toHaveAccessibleDescription(DATA_REQUEST_MESSAGES.subject)
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true')
    expect(consentBox()).toHaveAccessibleDescription(
      expect.stringContaining(DATA_REQUEST_MESSAGES.consent),
    )
    const summary = screen.getByRole('heading', { name: 'Controleer het formulier' }).parentElement
    expect(within(summary!).getAllByRole('link')).toHaveLength(5)
    expect(fetchMock).not.toHaveBeenCalled()

    // Fixing a field takes its message away.
    await user.type(nameBox(), 'Jan')
    expect(nameBox()).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText(DATA_REQUEST_MESSAGES.name)).toBeNull()
  })

  it('sends the question to /mail without a token, confirms in a modal and empties the form', async () => {
    let answer: (response: Response) => void = () => undefined
    const { fetchMock } = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)))
    window.localStorage.setItem('token', 'geheim')
    renderPage()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())

    // While it is sent: the button says so and cannot be pressed twice.
    const busyButton = screen.getByRole('button', { name: TEXTS.sending, hidden: true })
    expect(busyButton).toBeDisabled()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe(DATA_REQUEST_URL)
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('Authorization')).toBeNull()
    const body = init?.body as Blob
    expect(body.type).toBe('application/json')
    expect(JSON.parse(await body.text())).toEqual({
      name: 'Jan de Vries',
      email: 'jan@example.org',
      organisation: 'Fietsersbond',
      subject: 'Fietstellingen per wijk',
      message: 'Hebben jullie tellingen per wijk sinds 2015?',
      consent: true,
    })

    answer(json({ id: ID }, 202))
    const dialog = await screen.findByRole('dialog', { name: TEXTS.dialog.sentTitle })
    expect(dialog).toHaveAccessibleDescription(TEXTS.dialog.sent)
    expect(within(dialog).getByText(/U ontvangt binnen 5 werkdagen antwoord/)).toBeVisible()
    expect(within(dialog).getByText(TEXTS.dialog.reference(ID))).toBeVisible()
    expect(within(dialog).getByRole('button', { name: TEXTS.dialog.close })).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: TEXTS.dialog.close }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // The focus goes back to the form, not to the top of the page.
    expect(screen.getByRole('heading', { name: TEXTS.formTitle })).toHaveFocus()
    expect(nameBox()).toHaveValue('')
    expect(messageBox()).toHaveValue('')
    expect(consentBox()).not.toBeChecked()
  })

  it('closes the modal on a failure, says so, and keeps what was typed', async () => {
    stubApi(() => json({ type: 'about:blank', title: 'Er ging iets mis', status: 500 }, 500))
    renderPage()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.failedTitle)
    expect(screen.queryByRole('dialog')).toBeNull()
    expectTypedValuesKept()
    expect(submitButton()).toBeEnabled()
    expect(submitButton()).toHaveFocus()
  })

  it('says when to try again after too many questions', async () => {
    const detail =
      'U hebt het afgelopen uur al veel vragen gestuurd. Probeer het over 42 minuten opnieuw.'
    stubApi(() =>
      json({ type: 'about:blank', title: 'Te veel verzoeken', status: 429, detail }, 429),
    )
    renderPage()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    expect(screen.queryByRole('dialog')).toBeNull()
    expectTypedValuesKept()
  })

  it('keeps the honeypot out of reach: not in the tab order, hidden from assistive technology', async () => {
    stubApi(() => json({ id: ID }, 202))
    const { container } = renderPage()
    const user = userEvent.setup()
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')
    expect(honeypot).not.toBeNull()
    expect(screen.queryByRole('textbox', { name: TEXTS.honeypot })).toBeNull()

    const reached: Element[] = []
    for (let i = 0; i < 20; i++) {
      await user.tab()
      if (document.activeElement) reached.push(document.activeElement)
    }
    expect(reached).toContain(nameBox())
    expect(reached).toContain(submitButton())
    expect(reached).not.toContain(honeypot)
  })
})

describe('sending after a refusal by the server', () => {
  it('shows the server’s field errors next to the fields', async () => {
    stubApi(() =>
      json(
        {
          type: 'about:blank',
          title: 'Ongeldige invoer',
          status: 422,
          errors: [{ path: 'body.email', message: DATA_REQUEST_MESSAGES.email }],
        },
        422,
      ),
    )
    renderPage()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())
    await waitFor(() => expect(emailBox()).toHaveAttribute('aria-invalid', 'true'))
    expect(emailBox()).toHaveFocus()
    expect(nameBox()).toHaveValue('Jan de Vries')
  })
})
