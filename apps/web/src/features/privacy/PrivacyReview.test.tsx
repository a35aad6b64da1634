import { API_PREFIX, apiPaths, type DocumentForValidation } from '@dataportaal/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { OWN_ID, aSummary } from '../../test/documents.ts'
import { PrivacyReview } from './PrivacyReview.tsx'
import { BSN_FINDING, IBAN_FINDING, WITH_FINDINGS } from './test-data.ts'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'

beforeEach(() => storeSignedIn())

const DOCUMENT: DocumentForValidation = {
  ...aSummary({ contentUID: OWN_ID, title: 'Inwoners met bsn' }),
  description: '',
  files: [],
  selfValidationBlocked: null,
  privacy: WITH_FINDINGS,
}

function render(canReview = true, document = DOCUMENT) {
  const onReviewed = vi.fn()
  const onMustGo = vi.fn()
  renderAt(
    <PrivacyReview
      document={document}
      canReview={canReview}
      onReviewed={onReviewed}
      onMustGo={onMustGo}
    />,
    '/',
    '*',
    { auth: testSession(ADMIN).session },
  )
  return { onReviewed, onMustGo }
}

describe('the review of possible personal data in /validatie', () => {
  it('counts the open findings per kind', () => {
    render()
    const counts = screen.getByRole('list', { name: TEXTS.review.counts })
    expect(counts).toHaveTextContent('BSN: 1')
    expect(counts).toHaveTextContent('IBAN (rekeningnummer): 1')
  })

  it('sends a judgement with its reason, and asks for a reason first', async () => {
    const { calls } = stubApi((url, init) => {
      if (url.pathname === `${API_PREFIX.authenticated}${apiPaths.privacyReview(OWN_ID)}`) {
        expect(JSON.parse(String(init?.body))).toEqual({
          findings: [
            { id: BSN_FINDING.id, resolution: 'geen-persoonsgegeven', reason: 'Testnummers.' },
          ],
          unscanned: [],
        })
        return json({ ...WITH_FINDINGS, status: 'bevindingen' })
      }
      return json({}, 404)
    })
    const user = userEvent.setup()
    const { onReviewed } = render()
    await user.click(screen.getByRole('button', { name: new RegExp(TEXTS.review.submit) }))
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.review.nothingChosen)

    const [first] = screen.getAllByRole('radio', { name: TEXTS.resolution['geen-persoonsgegeven'] })
    await user.click(first!)
    await user.click(screen.getByRole('button', { name: new RegExp(TEXTS.review.submit) }))
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.review.reasonMissing)
    expect(calls).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: TEXTS.review.reason }), 'Testnummers.')
    await user.click(screen.getByRole('button', { name: new RegExp(TEXTS.review.submit) }))
    await waitFor(() => expect(onReviewed).toHaveBeenCalled())
    expect(calls).toHaveLength(1)
  })

  it("'Moet weg' hands the finding over as the disapproval's reason", async () => {
    const user = userEvent.setup()
    const { onMustGo } = render()
    const [, iban] = screen.getAllByRole('button', {
      name: (name) => name.startsWith(TEXTS.review.mustGo),
    })
    await user.click(iban!)
    expect(onMustGo).toHaveBeenCalledWith(
      TEXTS.review.mustGoReason('iban', 'verslag.pdf, pagina 3', IBAN_FINDING.masked),
    )
  })

  it('offers no form to the admin who uploaded it, and says who must', () => {
    render(false)
    expect(screen.getByText(TEXTS.review.selfReview)).toBeInTheDocument()
    expect(screen.queryByRole('radio')).toBeNull()
    expect(screen.queryByRole('button', { name: new RegExp(TEXTS.review.submit) })).toBeNull()
  })

  it('lets a part that could not be checked be checked by hand', async () => {
    const fileId = BSN_FINDING.fileId!
    stubApi((url, init) => {
      expect(JSON.parse(String(init?.body))).toEqual({
        findings: [],
        unscanned: [{ fileId, reason: 'Doorgelezen.' }],
      })
      return json({ ...WITH_FINDINGS, findings: [] })
    })
    const user = userEvent.setup()
    const { onReviewed } = render(true, {
      ...DOCUMENT,
      privacy: {
        status: 'niet-gecontroleerd',
        pending: false,
        findings: [],
        unscanned: [{ fileId, fileName: 'kapot.pdf', reason: 'Onleesbaar.' }],
      },
    })
    await user.click(
      screen.getByRole('checkbox', { name: new RegExp(TEXTS.review.unscannedChoice) }),
    )
    await user.type(
      screen.getByRole('textbox', { name: TEXTS.review.unscannedReason }),
      'Doorgelezen.',
    )
    await user.click(screen.getByRole('button', { name: new RegExp(TEXTS.review.submit) }))
    await waitFor(() => expect(onReviewed).toHaveBeenCalled())
  })
})
