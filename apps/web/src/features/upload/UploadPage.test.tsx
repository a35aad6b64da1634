import { API_PREFIX, DEFAULT_LICENSE, LICENCES, apiPaths } from '@dataportaal/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { pasteInto } from '../../test/fill-in.ts'
import { renderRoutes, type RenderOptions } from '../../test/render.tsx'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { FakeXhr, stubXhr } from './fake-xhr.ts'
import { csvFile, stubFormApi } from './test-data.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'
import { UploadPage } from './UploadPage.tsx'

const NEW_ID = '2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b'

function renderUpload(options: Partial<RenderOptions> = {}) {
  stubFormApi()
  stubXhr()
  const view = renderRoutes(
    [
      { path: '/document/upload', element: <UploadPage /> },
      { path: '/data', element: <h1>Mijn data</h1> },
    ],
    '/document/upload',
    { auth: testSession(EMPLOYEE).session, ...options },
  )
  view.queryClient.setQueryData([...openCountQueryKey, 'own'], { Results: [], Total: 0 })
  return view
}

const titleBox = () => screen.getByRole('textbox', { name: /^Titel/ })
const sourceBox = () => screen.getByRole('combobox', { name: /^Bron/ })
const fileInput = () => screen.getByLabelText(/bestanden kiezen$/i)
const submitButton = () => screen.getByRole('button', { name: TEXTS.submitUpload })
const wooSelect = () => screen.getByRole('combobox', { name: /^Woo-informatiecategorie/ })

/** Fills in a valid form: title, source, a theme and one CSV file. */
async function fillIn(user: UserEvent) {
  await pasteInto(
    user,
    await screen.findByRole('textbox', { name: /^Titel/ }),
    'Afvalinzameling 2024',
  )
  await pasteInto(user, screen.getByRole('textbox', { name: /^Beschrijving/ }), 'Kilo’s per wijk.')
  await user.selectOptions(screen.getByRole('combobox', { name: /^Soort/ }), 'Dataset')
  await pasteInto(user, sourceBox(), 'Milieu en Duurzaamheid')
  await user.click(screen.getByRole('checkbox', { name: 'Afval' }))
  await user.upload(fileInput(), csvFile())
}

beforeEach(storeSignedIn)
afterEach(() => vi.unstubAllGlobals())

describe('/document/upload in the browser', () => {
  it('starts with the defaults: Dataset and CC0', async () => {
    renderUpload()
    expect(await screen.findByRole('combobox', { name: /^Soort/ })).toHaveValue('Dataset')
    expect(screen.getByRole('radio', { name: /^CC0 1.0/ })).toBeChecked()
    expect(wooSelect()).toHaveDisplayValue('Geen (geen Woo-document)')
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.uploadHeading })).toBeVisible()
    expect(document.title).toMatch(/^Data uploaden \| /)
  })

  it('checks the form before sending: title too short and no file', async () => {
    renderUpload()
    const user = userEvent.setup()
    await user.type(await screen.findByRole('textbox', { name: /^Titel/ }), 'ab')
    await user.click(submitButton())

    expect(FakeXhr.sent).toHaveLength(0)
    const summary = screen
      .getByRole('heading', { name: 'Controleer het formulier' })
      .closest('div')!
    expect(document.activeElement).toBe(summary.closest('.portal-error-summary'))
    expect(titleBox()).toHaveAttribute('aria-invalid', 'true')
    expect(titleBox()).toHaveAccessibleDescription(
      expect.stringContaining('Een titel is minstens 3 tekens lang.'),
    )
    expect(sourceBox()).toHaveAccessibleDescription(expect.stringContaining('Vul de bron in.'))
    expect(fileInput()).toHaveAccessibleDescription(
      expect.stringContaining('Kies minstens één bestand.'),
    )

    // A correction clears the message at once.
    await user.type(titleBox(), 'c')
    expect(titleBox()).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Een titel is minstens 3 tekens lang.')).not.toBeInTheDocument()
  })

  it('refuses a file over the size limit before sending', async () => {
    renderUpload({ config: { maxUploadMb: 1 } })
    const user = userEvent.setup()
    await fillIn(user)
    await user.upload(fileInput(), new File([new Uint8Array(2 * 1024 * 1024)], 'groot.csv'))
    await user.click(submitButton())
    expect(FakeXhr.sent).toHaveLength(0)
    expect(
      within(screen.getByRole('group', { name: /^Bestanden/ })).getByText(
        'groot.csv: het bestand is te groot (maximaal 1 MB).',
      ),
    ).toBeVisible()
  })

  it('refuses a file type that is not allowed before sending', async () => {
    renderUpload()
    const user = userEvent.setup({ applyAccept: false })
    await fillIn(user)
    await user.upload(fileInput(), new File(['MZ'], 'setup.exe'))
    await user.click(submitButton())
    expect(FakeXhr.sent).toHaveLength(0)
    expect(
      screen.getAllByText(/setup\.exe: dit soort bestand kan niet worden geüpload/)[0],
    ).toBeVisible()
  })

  it('offers no Woo category, then the 17 of the Woo in their order, with a hint', async () => {
    renderUpload()
    await screen.findByRole('textbox', { name: /^Titel/ })
    expect(wooSelect()).toHaveAccessibleDescription(
      'Alleen voor documenten die de gemeente openbaar maakt onder de Woo.',
    )
    const options = within(wooSelect())
      .getAllByRole('option')
      .map((option) => [option.getAttribute('value'), option.textContent])
    expect(options).toHaveLength(18)
    expect(options[0]).toEqual(['', 'Geen (geen Woo-document)'])
    expect(options[1]).toEqual(['001', 'Wetten en algemeen verbindende voorschriften'])
    expect(options[14]).toEqual(['014', 'Woo-verzoeken en -besluiten'])
    expect(options[17]).toEqual(['017', 'Klachtoordelen'])
  })

  it('offers the licences of the list by name', async () => {
    renderUpload()
    await screen.findByRole('textbox', { name: /^Titel/ })
    const licences = within(screen.getByRole('group', { name: /^Licentie/ }))
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'))
    expect(licences).toEqual([...LICENCES.map((licence) => licence.uri), 'anders'])
    expect(
      screen.getByRole('radio', { name: 'CC BY-SA 4.0 (met bronvermelding, gelijk delen)' }),
    ).not.toBeChecked()
  })

  it('asks for the name of another licence', async () => {
    renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(screen.getByRole('radio', { name: TEXTS.licenseOther }))
    await user.click(submitButton())
    expect(FakeXhr.sent).toHaveLength(0)
    expect(
      screen.getByRole('textbox', { name: TEXTS.licenseOtherLabel }),
    ).toHaveAccessibleDescription(TEXTS.errors.licenseMissing)
  })

  it('lets a chosen file be taken off the list again', async () => {
    renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(
      screen.getByRole('button', { name: `${TEXTS.removeNewFile} afvalinzameling-2024.csv` }),
    )
    expect(screen.queryByText('afvalinzameling-2024.csv')).not.toBeInTheDocument()
    expect(screen.getByLabelText(TEXTS.addFiles)).toBeInTheDocument()
  })
})

describe('/document/upload sending', () => {
  it('sends the contract’s fields with the token, shows progress, and disables the form', async () => {
    const { router, queryClient } = renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())

    const xhr = FakeXhr.last
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe(`${API_PREFIX.authenticated}${apiPaths.upload}`)
    expect(xhr.headers['authorization']).toBe('Bearer h.p.s')
    const form = xhr.body!
    expect(form.get('title')).toBe('Afvalinzameling 2024')
    expect(form.get('description')).toBe('Kilo’s per wijk.')
    expect(form.get('contentTypeName')).toBe('Dataset')
    expect(form.get('sourceFriendlyName')).toBe('Milieu en Duurzaamheid')
    expect(form.getAll('themes')).toEqual(['Afval'])
    expect(form.get('license')).toBe(DEFAULT_LICENSE)
    // No Woo category chosen: the field is not sent.
    expect(form.has('wooCategory')).toBe(false)
    expect(form.has('contentUID')).toBe(false)
    expect((form.get('files') as File).name).toBe('afvalinzameling-2024.csv')
    // The files come last, after every field the server needs first.
    expect([...form.keys()].at(-1)).toBe('files')

    const bar = screen.getByRole('progressbar')
    expect(bar).toHaveAttribute('value', '0')
    expect(titleBox()).toBeDisabled()
    expect(submitButton()).toBeDisabled()

    act(() => xhr.progress(512, 1024))
    expect(bar).toHaveAttribute('value', '50')
    expect(screen.getByText(TEXTS.progressText(50))).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.progressAnnouncement(50))

    act(() => xhr.progress(1024, 1024))
    expect(screen.getByText(TEXTS.processing, { selector: 'p:not([role])' })).toBeVisible()

    act(() => xhr.respond(201, { contentUID: NEW_ID }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'))
    expect(router.state.location.search).toBe('?successfulUpload=true')
    expect(queryClient.getQueryState([...openCountQueryKey, 'own'])?.isInvalidated).toBe(true)
  })

  it('sends the chosen Woo category and licence', async () => {
    renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.selectOptions(wooSelect(), 'Convenanten')
    await user.click(
      screen.getByRole('radio', { name: 'CC BY 4.0 (vrij te gebruiken met bronvermelding)' }),
    )
    await user.click(submitButton())

    const form = FakeXhr.last.body!
    expect(form.getAll('wooCategory')).toEqual(['011'])
    expect(form.get('license')).toBe(
      'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0',
    )
  })

  it('shows the server’s error about the Woo category at that field', async () => {
    renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.selectOptions(wooSelect(), 'Adviezen')
    await user.click(submitButton())
    const message = 'Kies een Woo-informatiecategorie uit de lijst.'
    act(() =>
      FakeXhr.last.respond(
        422,
        {
          type: 'about:blank',
          title: 'De invoer voldoet niet aan de regels.',
          status: 422,
          errors: [{ path: 'body.wooCategory', message }],
        },
        'application/problem+json',
      ),
    )
    expect(await screen.findByText(message, { selector: 'a' })).toBeVisible()
    expect(wooSelect()).toHaveAttribute('aria-invalid', 'true')
    expect(wooSelect()).toHaveAccessibleDescription(expect.stringContaining(message))
    expect(wooSelect()).toHaveDisplayValue('Adviezen')
  })

  it('shows the server’s field errors next to the fields and keeps what was typed', async () => {
    const { router } = renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())
    act(() =>
      FakeXhr.last.respond(
        422,
        {
          type: 'about:blank',
          title: 'De invoer voldoet niet aan de regels.',
          status: 422,
          errors: [
            { path: 'body.title', message: 'Er bestaat al een document met deze titel.' },
            { path: 'themes.0', message: 'Kies een thema uit de lijst.' },
          ],
        },
        'application/problem+json',
      ),
    )
    expect(
      await screen.findByText('Er bestaat al een document met deze titel.', { selector: 'a' }),
    ).toBeVisible()
    expect(titleBox()).toHaveAccessibleDescription(
      expect.stringContaining('Er bestaat al een document met deze titel.'),
    )
    expect(
      within(screen.getByRole('group', { name: /^Thema/ })).getByText(
        'Kies een thema uit de lijst.',
      ),
    ).toBeVisible()
    expect(titleBox()).toHaveValue('Afvalinzameling 2024')
    expect(titleBox()).toBeEnabled()
    expect(
      screen.getByText('afvalinzameling-2024.csv', { selector: '.portal-files-name' }),
    ).toBeVisible()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/document/upload')
  })

  it('says how large a file may be on 413', async () => {
    renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())
    act(() => FakeXhr.last.respond(413, { title: 'Te groot', status: 413 }))
    expect(
      await screen.findByText('Het bestand is te groot (maximaal 100 MB)', { selector: 'p' }),
    ).toBeVisible()
  })

  it('shows the server’s message on 415', async () => {
    renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())
    const detail = 'afvalinzameling-2024.csv is geen CSV-bestand.'
    act(() =>
      FakeXhr.last.respond(415, { title: 'Bestandstype niet toegestaan', status: 415, detail }),
    )
    expect(await screen.findByText(detail, { selector: 'p' })).toBeVisible()
  })

  it.each([
    ['a server error', (xhr: FakeXhr) => xhr.respond(500, { title: 'Fout', status: 500 })],
    ['a network error', (xhr: FakeXhr) => xhr.failNetwork()],
  ])('goes to /data?successfulUpload=false after %s', async (_, fail) => {
    const { router } = renderUpload()
    const user = userEvent.setup()
    await fillIn(user)
    await user.click(submitButton())
    act(() => fail(FakeXhr.last))
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'))
    expect(router.state.location.search).toBe('?successfulUpload=false')
  })
})

describe('/document/upload for a visitor', () => {
  it('offers sign-in instead of the form', () => {
    window.localStorage.clear()
    renderRoutes([{ path: '*', element: <UploadPage /> }], '/document/upload')
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.uploadHeading })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeVisible()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })
})
