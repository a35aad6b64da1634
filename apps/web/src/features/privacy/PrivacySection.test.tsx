import { API_PREFIX, apiPaths, type DocumentPrivacy } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { OWN_ID, aDetail } from '../../test/documents.ts'
import { PrivacySection } from './PrivacySection.tsx'
import { BSN_FINDING, IBAN_FINDING, WITH_FINDINGS } from './test-data.ts'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'

beforeEach(() => storeSignedIn())

const render = (privacy: DocumentPrivacy | undefined, auth = EMPLOYEE, owner = aDetail().owner) =>
  renderAt(
    <PrivacySection detail={aDetail({ status: 'openstaand', privacy, owner })} />,
    '/',
    '*',
    { auth: testSession(auth).session },
  )

describe("'Mogelijke persoonsgegevens' on the document page", () => {
  it('shows each finding: kind, where, masked value, context and count', () => {
    render(WITH_FINDINGS)
    const section = screen.getByRole('region', { name: TEXTS.heading })
    expect(within(section).getByText(TEXTS.status.bevindingen)).toBeInTheDocument()
    const [bsn, iban] = within(section).getAllByRole('listitem')
    expect(within(bsn!).getByText('BSN')).toBeInTheDocument()
    expect(
      within(bsn!).getByText("inwoners.csv, kolom 'bsn' (B), rij 2 tot 1001"),
    ).toBeInTheDocument()
    expect(within(bsn!).getByText('***.**.*782')).toBeInTheDocument()
    expect(within(bsn!).getByText('Jansen ***.**.*782 Utrecht')).toBeInTheDocument()
    expect(within(bsn!).getByText('1.000 keer')).toBeInTheDocument()
    expect(within(iban!).getByText('IBAN (rekeningnummer)')).toBeInTheDocument()
    expect(within(iban!).getByText('verslag.pdf, pagina 3')).toBeInTheDocument()
  })

  it('shows nothing when the server sends no check (anyone but the owner and admins)', () => {
    const { container } = render(undefined)
    expect(container).toBeEmptyDOMElement()
  })

  it("lets the owner mark a finding 'Geen persoonsgegeven' with a reason, by keyboard", async () => {
    const noted: DocumentPrivacy = {
      ...WITH_FINDINGS,
      findings: [BSN_FINDING, { ...IBAN_FINDING, ownerNote: 'Rekening van de gemeente.' }],
    }
    const { calls } = stubApi((url, init) => {
      if (
        url.pathname ===
        `${API_PREFIX.authenticated}${apiPaths.privacyOwnerNote(OWN_ID, IBAN_FINDING.id)}`
      ) {
        expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Rekening van de gemeente.' })
        return json(noted)
      }
      return json({}, 404)
    })
    const user = userEvent.setup()
    render(WITH_FINDINGS)
    const buttons = screen.getAllByRole('button', { name: new RegExp(TEXTS.note.button) })
    expect(buttons).toHaveLength(2)
    await user.click(buttons[1]!)
    const reason = screen.getByRole('textbox', { name: new RegExp(TEXTS.note.reason) })
    expect(reason).toHaveFocus()
    // Empty: the contract's message, and nothing sent.
    await user.click(screen.getByRole('button', { name: TEXTS.note.save }))
    expect(screen.getByText('Vul een reden in.')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    await user.type(reason, 'Rekening van de gemeente.{Enter}')
    await user.click(screen.getByRole('button', { name: TEXTS.note.save }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(TEXTS.note.saved))
    expect(calls).toHaveLength(1)
  })

  it('offers the note to the owner only; an admin sees the findings without it', () => {
    render(WITH_FINDINGS, ADMIN, { id: 'oid-een-ander', name: 'Een Ander' })
    expect(screen.getAllByText('***.**.*782')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: new RegExp(TEXTS.note.button) })).toBeNull()
  })

  it('says a scan is under way, and lists a part that could not be checked', () => {
    render({
      status: 'niet-gecontroleerd',
      pending: true,
      findings: [],
      unscanned: [{ fileId: BSN_FINDING.fileId, fileName: 'kapot.pdf', reason: 'Onleesbaar.' }],
    })
    expect(screen.getByText(TEXTS.pending, { exact: false })).toBeInTheDocument()
    expect(screen.getByText('kapot.pdf')).toBeInTheDocument()
    expect(screen.getByText(': Onleesbaar.', { exact: false })).toBeInTheDocument()
  })
})
