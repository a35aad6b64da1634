import {
  API_PREFIX,
  VALIDATION_RETURN_DELAY_MS,
  apiPaths,
  type DocumentFile,
  type DocumentForValidation,
  type RereadResult,
  type ValidationResult,
} from '@dataportaal/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import type { AuthState } from '../../shared/auth/auth-state.ts'
import { OTHER_ID, OWN_ID, aSummary } from '../../test/documents.ts'
import { openCountQueryKey } from '../../shared/documents/open-count.ts'
import { VALIDATION_TEXTS as TEXTS } from './texts.ts'
import { ValidationPage } from './ValidationPage.tsx'

const api = (path: string) => `${API_PREFIX.authenticated}${path}`

/** The list brings each document's description and files along. */
const forValidation = (
  summary: ReturnType<typeof aSummary>,
  selfValidationBlocked: DocumentForValidation['selfValidationBlocked'] = null,
): DocumentForValidation => ({
  ...summary,
  description: 'Per wijk.',
  files: [],
  selfValidationBlocked,
})
const FIRST = forValidation(aSummary({ contentUID: OWN_ID, title: 'Afvalinzameling 2024' }))
const SECOND = forValidation(aSummary({ contentUID: OTHER_ID, title: 'Parkeergarages' }))

const decided = (id: string, overrides: Partial<ValidationResult> = {}): ValidationResult => ({
  id,
  status: 'goedgekeurd',
  published: '2025-02-01T10:00:00.000Z',
  statusCategory: null,
  statusDescription: null,
  validatedBy: 'Bert Beheerder',
  validatedAt: '2025-02-01T10:00:00.000Z',
  changed: true,
  ...overrides,
})

/** The server: an open list that loses a document once it is decided. */
function stubServer(
  decide: (url: URL) => Response = (url) => json(decided(idIn(url))),
  initial: DocumentForValidation[] = [FIRST, SECOND],
) {
  let open = initial
  const decisions: URL[] = []
  const { calls } = stubApi((url) => {
    if (url.pathname === api(apiPaths.validationList)) {
      const results = url.searchParams.get('status') === 'openstaand' ? open : []
      return json({ Results: results, Total: results.length })
    }
    if (url.pathname.startsWith(api('/documents/validate/'))) {
      decisions.push(url)
      const response = decide(url)
      if (response.ok) open = open.filter((document) => document.contentUID !== idIn(url))
      return response
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return { calls, decisions }
}

const idIn = (url: URL) => url.pathname.split('/').at(-2) ?? ''

function renderValidation(user: AuthState = ADMIN, url = '/validatie?status=openstaand') {
  const view = renderRoutes([{ path: '/validatie', element: <ValidationPage /> }], url, {
    auth: testSession(user).session,
  })
  view.queryClient.setQueryData([...openCountQueryKey, 'all'], { Results: [], Total: 2 })
  return view
}

const openList = () => screen.findByRole('list', { name: TEXTS.listLabel.openstaand })

beforeEach(storeSignedIn)
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('/validatie', () => {
  it('shows the open documents with uploader, type, description and the two decisions', async () => {
    const { calls } = stubServer()
    renderValidation()
    const items = within(await openList()).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    // Description and files come with the list: no call per document.
    expect(
      calls.filter((url) => /^\/api\/documents\/(?!validate$)[^/]+$/.test(url.pathname)),
    ).toEqual([])
    const uploader = within(items[0]!).getByText(TEXTS.meta.uploader)
    expect(uploader.nextElementSibling).toHaveTextContent('Mirjam Medewerker')
    expect(within(items[0]!).getByText(TEXTS.meta.type).nextElementSibling).toHaveTextContent(
      'Dataset',
    )
    expect(await within(items[0]!).findByText('Per wijk.')).toBeVisible()
    expect(
      within(items[0]!).getByRole('button', { name: 'Goedkeuren Afvalinzameling 2024' }),
    ).toBeVisible()
    expect(
      within(items[0]!).getByRole('button', { name: 'Afkeuren Afvalinzameling 2024' }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: TEXTS.tabs.openstaand })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByText('2 documenten wachten op validatie.')).toBeVisible()
  })

  it('approving removes the item, confirms it, refreshes the badge and returns to /validatie after 700 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { decisions } = stubServer()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router, queryClient } = renderValidation()
    const list = await openList()

    await user.click(within(list).getByRole('button', { name: 'Goedkeuren Afvalinzameling 2024' }))

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      TEXTS.approved('Afvalinzameling 2024'),
    )
    expect(decisions.map((url) => url.pathname)).toEqual([api(apiPaths.approve(OWN_ID))])
    expect(
      within(list).queryByRole('heading', { name: 'Afvalinzameling 2024' }),
    ).not.toBeInTheDocument()
    expect(within(list).getByRole('heading', { name: 'Parkeergarages' })).toBeVisible()
    expect(queryClient.getQueryState([...openCountQueryKey, 'all'])?.isInvalidated).toBe(true)

    act(() => vi.advanceTimersByTime(VALIDATION_RETURN_DELAY_MS - 50))
    expect(router.state.location.search).toBe('?status=openstaand')
    act(() => vi.advanceTimersByTime(50))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/validatie')
  })

  it('disapproving asks for a category and a reason before it calls the server', async () => {
    const { decisions } = stubServer((url) =>
      json(
        decided(idIn(url), {
          status: 'afgekeurd',
          published: null,
          statusCategory: 'Onjuist',
          statusDescription: 'De cijfers van 2023 ontbreken.',
        }),
      ),
    )
    const user = userEvent.setup()
    renderValidation()
    const list = await openList()

    await user.click(within(list).getByRole('button', { name: 'Afkeuren Parkeergarages' }))
    const dialog = screen.getByRole('dialog', { name: TEXTS.dialog.heading })
    await user.click(within(dialog).getByRole('button', { name: TEXTS.dialog.confirm }))

    expect(within(dialog).getByText(/^Kies een categorie:/)).toBeVisible()
    expect(
      within(dialog).getByText('Vul een toelichting in: waarom wordt het document afgekeurd?'),
    ).toBeVisible()
    expect(within(dialog).getByRole('combobox', { name: /Categorie/ })).toHaveFocus()
    expect(decisions).toEqual([])

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Categorie/ }), 'Onjuist')
    await user.type(
      within(dialog).getByRole('textbox', { name: /Toelichting/ }),
      '  De cijfers van 2023 ontbreken.  ',
    )
    await user.click(within(dialog).getByRole('button', { name: TEXTS.dialog.confirm }))

    await waitFor(() => expect(decisions).toHaveLength(1))
    expect(decisions[0]?.pathname).toBe(api(apiPaths.disapprove(OTHER_ID)))
    expect(Object.fromEntries(decisions[0]?.searchParams ?? [])).toEqual({
      statusCategory: 'Onjuist',
      statusDescription: 'De cijfers van 2023 ontbreken.',
    })
    expect(await screen.findByText(TEXTS.disapproved('Parkeergarages'))).toBeVisible()
    expect(within(list).queryByRole('heading', { name: 'Parkeergarages' })).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('says who decided first when another admin was quicker, and refreshes the list', async () => {
    stubServer(() =>
      json(
        {
          title: 'Conflict',
          status: 409,
          detail: 'Dit document is al afgekeurd door Tineke Tweede op 1 februari 2025 om 11:00.',
        },
        409,
      ),
    )
    const user = userEvent.setup()
    renderValidation()
    const list = await openList()
    await user.click(within(list).getByRole('button', { name: 'Goedkeuren Afvalinzameling 2024' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dit document is al afgekeurd door Tineke Tweede op 1 februari 2025 om 11:00. De lijst is bijgewerkt.',
    )
  })

  it('says why instead of offering the decisions on a document the admin uploaded or last edited', async () => {
    const own = forValidation(aSummary({ contentUID: OWN_ID, title: 'Eigen upload' }), 'uploaded')
    const edited = forValidation(
      aSummary({ contentUID: OTHER_ID, title: 'Zelf bewerkt' }),
      'lastEdited',
    )
    const third = forValidation(
      aSummary({ contentUID: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', title: 'Van een collega' }),
    )
    stubServer(undefined, [own, edited, third])
    renderValidation()
    const [first, second, last] = within(await openList()).getAllByRole('listitem')

    expect(first).toHaveTextContent(TEXTS.selfValidation.uploaded)
    expect(second).toHaveTextContent(TEXTS.selfValidation.lastEdited)
    for (const item of [first!, second!]) {
      expect(within(item).queryByRole('button', { name: /Goedkeuren|Afkeuren/ })).toBeNull()
    }
    expect(within(last!).getByRole('button', { name: 'Goedkeuren Van een collega' })).toBeVisible()
    expect(last).not.toHaveTextContent(TEXTS.selfValidation.uploaded)
  })

  it('shows the four-eyes refusal of the server when the list was out of date', async () => {
    const refusal =
      'U kunt een document dat u zelf heeft geüpload of als laatste heeft bewerkt niet zelf valideren. Een andere beheerder moet het beoordelen.'
    stubServer(() => json({ title: 'Geen toegang', status: 403, detail: refusal }, 403))
    const user = userEvent.setup()
    renderValidation()
    const list = await openList()
    await user.click(within(list).getByRole('button', { name: 'Goedkeuren Afvalinzameling 2024' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal)
    expect(within(list).getByRole('heading', { name: 'Afvalinzameling 2024' })).toBeVisible()
  })

  it('tells an employee that validation is for admins', async () => {
    stubServer()
    renderValidation(EMPLOYEE)
    expect(await screen.findByText(/alleen beschikbaar voor beheerders/)).toBeVisible()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })
})

describe("/validatie: 'Opnieuw lezen' of a file whose text could not be read", () => {
  const FILE_ID = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b'
  const INTERRUPTED = 'Het lezen van dit bestand is steeds afgebroken.'
  const failedFile: DocumentFile = {
    id: FILE_ID,
    fileName: 'inzameling.pdf',
    mediaType: 'application/pdf',
    size: 2048,
    sha256: 'a'.repeat(64),
    url: apiPaths.documentFile(OWN_ID, FILE_ID),
    extractionStatus: 'failed',
    extractionError: INTERRUPTED,
  }

  /** The server: one open document with a failed file, and the reread call as `reread` answers. */
  function stubReread(reread: () => Response | Promise<Response>) {
    let file = failedFile
    const rereads: Array<{ path: string; method: string | undefined }> = []
    stubApi(async (url, init) => {
      if (url.pathname === api(apiPaths.validationList)) {
        const open = url.searchParams.get('status') === 'openstaand'
        const results = open ? [{ ...FIRST, files: [file] }] : []
        return json({ Results: results, Total: results.length })
      }
      if (url.pathname === api(apiPaths.rereadFile(OWN_ID, FILE_ID))) {
        rereads.push({ path: url.pathname, method: init?.method })
        const response = await reread()
        if (response.ok) file = { ...file, extractionStatus: 'pending', extractionError: null }
        return response
      }
      return json({ title: 'Niet gevonden', status: 404 }, 404)
    })
    return { rereads }
  }

  const queued: RereadResult = {
    documentId: OWN_ID,
    fileId: FILE_ID,
    fileName: 'inzameling.pdf',
    extractionStatus: 'pending',
  }
  const button = (list: HTMLElement) =>
    within(list).getByRole('button', { name: `${TEXTS.reread.button} inzameling.pdf` })

  it('reads the file again from the keyboard, busy meanwhile, then says so and that it is being read', async () => {
    let answer: (response: Response) => void = () => undefined
    const { rereads } = stubReread(() => new Promise<Response>((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    renderValidation()
    const list = await openList()
    expect(within(list).getByText(TEXTS.notSearchable(INTERRUPTED))).toBeVisible()

    button(list).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(button(list)).toHaveAttribute('aria-busy', 'true'))
    await user.keyboard('{Enter}')
    answer(json(queued))

    const status = await screen.findByRole('status', { name: '' })
    await waitFor(() => expect(status).toHaveTextContent(TEXTS.reread.started('inzameling.pdf')))
    expect(rereads).toEqual([{ path: api(apiPaths.rereadFile(OWN_ID, FILE_ID)), method: 'POST' }])
    expect(within(list).getByText(TEXTS.reading)).toBeVisible()
    expect(within(list).queryByText(TEXTS.notSearchable(INTERRUPTED))).toBeNull()
    expect(within(list).queryByRole('button', { name: new RegExp(TEXTS.reread.button) })).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.heading })).toHaveFocus()
  })

  it('says why when the file is being read already, and when the server is away', async () => {
    let reply = json(
      { title: 'Conflict', status: 409, detail: 'Dit bestand wordt al gelezen.' },
      409,
    )
    stubReread(() => reply)
    const user = userEvent.setup()
    renderValidation()
    const list = await openList()

    reply = json({ title: 'Er ging iets mis', status: 500 }, 500)
    await user.click(button(list))
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.reread.failed)
    expect(button(list)).toBeVisible()

    reply = json({ title: 'Conflict', status: 409, detail: 'Dit bestand wordt al gelezen.' }, 409)
    await user.click(button(list))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `Dit bestand wordt al gelezen. ${TEXTS.listRefreshed}`,
      ),
    )
  })
})
