import { SUBSCRIPTION_MESSAGES } from '@dataportaal/contract'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { FollowByEmail } from './FollowByEmail.tsx'
import { SUBSCRIPTION_TEXTS as TEXTS } from './texts.ts'

afterEach(() => vi.unstubAllGlobals())

const emailBox = () => screen.getByRole('textbox', { name: /^E-mailadres/ })
const submit = () => screen.getByRole('button', { name: TEXTS.submit })

const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, detail }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  })

describe('FollowByEmail', () => {
  it('sends the address, the chosen frequency and the search to /pubapi, and says to check the mail', async () => {
    const { calls, fetchMock } = stubApi(() =>
      json({ message: SUBSCRIPTION_MESSAGES.accepted }, 202),
    )
    renderAt(<FollowByEmail query="query=fiets" />, '/zoeken')
    const user = userEvent.setup()
    await user.type(emailBox(), 'anna@example.org')
    await user.click(screen.getByRole('radio', { name: TEXTS.frequencies.wekelijks }))
    await user.click(submit())

    expect(await screen.findByText(/^Controleer uw e-mail/)).toBeVisible()
    const sent = calls.find((url) => url.pathname === '/pubapi/subscriptions')
    expect(sent).toBeDefined()
    const init = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/subscriptions'),
    )?.[1]
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'anna@example.org',
      frequency: 'wekelijks',
      query: 'query=fiets',
    })
    expect(emailBox()).toHaveValue('')
  }, 20_000)

  it('checks the address before sending: the message at the field, focus on it, nothing sent', async () => {
    const { fetchMock } = stubApi(() => json({}, 202))
    renderAt(<FollowByEmail theme="Verkeer" />, '/')
    const user = userEvent.setup()
    await user.type(emailBox(), 'anna@')
    await user.click(submit())
    expect(screen.getByText(TEXTS.emailInvalid)).toBeVisible()
    expect(emailBox()).toHaveFocus()
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("says when the client sent too many, in the server's words", async () => {
    stubApi(() => problem(429, SUBSCRIPTION_MESSAGES.tooMany))
    renderAt(<FollowByEmail documentId="e6a324a3-c7bf-490b-9dc6-7c88bbb4428f" />, '/')
    const user = userEvent.setup()
    await user.type(emailBox(), 'anna@example.org')
    await user.click(submit())
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.tooMany)).toBeVisible()
  })

  it('keeps the honeypot out of reach: not in the tab order, hidden from assistive technology', () => {
    const { container } = renderAt(<FollowByEmail theme="Verkeer" />, '/')
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull()
  })
})
