import { apiPaths } from '@dataportaal/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { renderRoutes } from '../../test/render.tsx'
import type { AuthState } from '../../shared/auth/auth-state.ts'
import { ADMIN_ABILITIES, FILE_ID, NO_ABILITIES, OWN_ID, aDetail } from '../../test/documents.ts'
import { EditDocumentPage } from './EditDocumentPage.tsx'
import { FakeXhr, stubXhr } from './fake-xhr.ts'
import { csvFile, stubFormApi } from './test-data.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

const SECOND_FILE_ID = 'b4d6f8a0-2c3e-4f5a-9b1d-3e5a7c9e1b2d'

const DETAIL = aDetail({
  description: 'Ingezameld afval per wijk.',
  themes: ['Afval', 'Oud thema'],
  license: 'Gemeentelijke licentie 2.0',
  files: [
    {
      id: FILE_ID,
      fileName: 'afval-2024.csv',
      mediaType: 'text/csv',
      size: 2_048,
      sha256: 'a'.repeat(64),
      url: apiPaths.documentFile(OWN_ID, FILE_ID),
    },
    {
      id: SECOND_FILE_ID,
      fileName: 'toelichting.pdf',
      mediaType: 'application/pdf',
      size: 40_000,
      sha256: 'b'.repeat(64),
      url: apiPaths.documentFile(OWN_ID, SECOND_FILE_ID),
    },
  ],
})

function renderEdit(user: AuthState = EMPLOYEE, detail = DETAIL) {
  stubFormApi(detail)
  stubXhr()
  return renderRoutes(
    [
      { path: '/documenten/:contentId/edit', element: <EditDocumentPage /> },
      { path: '/documenten/:contentId', element: <h1>Document</h1> },
    ],
    `/documenten/${OWN_ID}/edit`,
    { auth: testSession(user).session },
  )
}

const wooSelect = () => screen.getByRole('combobox', { name: /^Woo-informatiecategorie/ })

const keepChoice = (fileName: string, choice: string) =>
  within(screen.getByRole('radiogroup', { name: fileName })).getByRole('radio', { name: choice })

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

describe('/documenten/{id}/edit', () => {
  it('fills in the form with the document and lists its files to keep or remove', async () => {
    renderEdit()
    expect(await screen.findByRole('textbox', { name: /^Titel/ })).toHaveValue(
      'Afvalinzameling 2024',
    )
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.editHeading })).toBeVisible()
    expect(screen.getByRole('textbox', { name: /^Beschrijving/ })).toHaveValue(
      'Ingezameld afval per wijk.',
    )
    expect(screen.getByRole('combobox', { name: /^Bron/ })).toHaveValue('Milieu en Duurzaamheid')
    expect(screen.getByRole('checkbox', { name: 'Afval' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Wonen' })).not.toBeChecked()
    // A theme the vocabulary no longer has is still shown, and can be unticked.
    expect(screen.getByRole('checkbox', { name: 'Oud thema' })).toBeChecked()
    expect(screen.getByRole('radio', { name: TEXTS.licenseOther })).toBeChecked()
    expect(screen.getByRole('textbox', { name: TEXTS.licenseOtherLabel })).toHaveValue(
      'Gemeentelijke licentie 2.0',
    )
    expect(keepChoice('afval-2024.csv', TEXTS.keep)).toBeChecked()
    expect(keepChoice('toelichting.pdf', TEXTS.keep)).toBeChecked()
    expect(wooSelect()).toHaveDisplayValue('Geen (geen Woo-document)')
  })

  it.each([
    ['its URI', 'http://publications.europa.eu/resource/authority/licence/CC_BYSA_4_0'],
    ['its SPDX id, as stored before the URIs', 'CC-BY-SA-4.0'],
  ])('chooses a licence of the list stored as %s, and sends its URI', async (_, license) => {
    renderEdit(EMPLOYEE, { ...DETAIL, license })
    const user = userEvent.setup()
    const radio = await screen.findByRole('radio', {
      name: 'CC BY-SA 4.0 (met bronvermelding, gelijk delen)',
    })
    expect(radio).toBeChecked()
    expect(screen.getByRole('radio', { name: TEXTS.licenseOther })).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: TEXTS.submitEdit }))
    expect(FakeXhr.last.body!.get('license')).toBe(
      'http://publications.europa.eu/resource/authority/licence/CC_BYSA_4_0',
    )
  })

  it('shows the stored Woo category and sends it with the edit', async () => {
    renderEdit(EMPLOYEE, { ...DETAIL, wooCategory: '016' })
    const user = userEvent.setup()
    await screen.findByRole('textbox', { name: /^Titel/ })
    expect(wooSelect()).toHaveDisplayValue('Beschikkingen')

    await user.click(screen.getByRole('button', { name: TEXTS.submitEdit }))
    expect(FakeXhr.last.body!.getAll('wooCategory')).toEqual(['016'])
  })

  it('lets the Woo category be cleared: the edit then sends none', async () => {
    renderEdit(EMPLOYEE, { ...DETAIL, wooCategory: '016' })
    const user = userEvent.setup()
    await screen.findByRole('textbox', { name: /^Titel/ })
    await user.selectOptions(wooSelect(), 'Geen (geen Woo-document)')
    await user.click(screen.getByRole('button', { name: TEXTS.submitEdit }))
    expect(FakeXhr.last.body!.has('wooCategory')).toBe(false)
  })

  it('sends contentUID, the files to keep and the new ones, then shows editSuccess=true', async () => {
    const { router } = renderEdit()
    const user = userEvent.setup()
    await screen.findByRole('textbox', { name: /^Titel/ })
    await user.click(keepChoice('toelichting.pdf', TEXTS.remove))
    await user.upload(screen.getByLabelText(TEXTS.addMoreFiles), csvFile('afval-2025.csv'))
    await user.click(screen.getByRole('button', { name: TEXTS.submitEdit }))

    const form = FakeXhr.last.body!
    expect(form.get('contentUID')).toBe(OWN_ID)
    expect(form.getAll('keepFileIds')).toEqual([FILE_ID])
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['afval-2025.csv'])
    expect(form.get('license')).toBe('Gemeentelijke licentie 2.0')
    expect(form.getAll('themes')).toEqual(['Afval', 'Oud thema'])

    act(() => FakeXhr.last.respond(200, { contentUID: OWN_ID }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/documenten/${OWN_ID}`))
    expect(router.state.location.search).toBe('?editSuccess=true')
  })

  it('needs at least one file: a kept one or a new one', async () => {
    renderEdit()
    const user = userEvent.setup()
    await screen.findByRole('textbox', { name: /^Titel/ })
    await user.click(keepChoice('afval-2024.csv', TEXTS.remove))
    await user.click(keepChoice('toelichting.pdf', TEXTS.remove))
    await user.click(screen.getByRole('button', { name: TEXTS.submitEdit }))
    expect(FakeXhr.sent).toHaveLength(0)
    expect(
      screen.getByText(TEXTS.errors.filesMissing, {
        selector: '.utrecht-form-field-error-message',
      }),
    ).toBeVisible()
  })

  it('goes to the document with editSuccess=false when the edit fails', async () => {
    const { router } = renderEdit()
    const user = userEvent.setup()
    await screen.findByRole('textbox', { name: /^Titel/ })
    await user.click(screen.getByRole('button', { name: TEXTS.submitEdit }))
    act(() => FakeXhr.last.respond(500, { title: 'Probeer het later opnieuw.', status: 500 }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/documenten/${OWN_ID}`))
    expect(router.state.location.search).toBe('?editSuccess=false')
  })

  it('lets an admin edit a document of someone else', async () => {
    renderEdit(ADMIN, { ...DETAIL, abilities: ADMIN_ABILITIES })
    expect(await screen.findByRole('textbox', { name: /^Titel/ })).toBeEnabled()
  })

  it('tells another employee that only the owner and admins may edit', async () => {
    renderEdit(
      EMPLOYEE,
      aDetail({ owner: { id: 'iemand-anders', name: 'Iemand Anders' }, abilities: NO_ABILITIES }),
    )
    expect(await screen.findByText(TEXTS.editNotAllowed)).toBeVisible()
    expect(screen.queryByRole('textbox', { name: /^Titel/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: TEXTS.backToDocument })).toHaveAttribute(
      'href',
      `/documenten/${OWN_ID}`,
    )
  })
})
