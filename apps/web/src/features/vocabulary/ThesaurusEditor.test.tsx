import { apiPaths, type ThesaurusEntry } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderRoutes, stubApi } from '../../test/render.tsx'
import { THESAURUS_TEXTS as TEXTS } from './texts.ts'
import { adminApi, anItem, signedInAdmin } from './test-data.ts'
import { ThemesScreen } from './VocabularyScreens.tsx'

afterEach(() => vi.unstubAllGlobals())

/** The server's themes and thesaurus; PUT /thesaurus/{name} answers `save`, or stores the edit. */
function stubThemes(thesaurus: ThesaurusEntry[], save?: () => Response) {
  const current = new Map(thesaurus.map((entry) => [entry.term, entry]))
  const sent: unknown[] = []
  stubApi((url, init) => {
    if (url.pathname === adminApi(apiPaths.managedTags)) {
      const items = [...current.keys()].map((name) => anItem(name, 2))
      return json({ Results: items, Total: items.length })
    }
    if (url.pathname === adminApi(apiPaths.thesaurus)) return json([...current.values()])
    if (init?.method === 'PUT' && typeof init.body === 'string') {
      const name = decodeURIComponent(url.pathname.split('/').at(-1) ?? '')
      const edit = JSON.parse(init.body) as { synonyms: string[]; related: string[] }
      sent.push({ path: url.pathname, edit })
      if (save) return save()
      const entry = { term: name, ...edit }
      current.set(name, entry)
      return json(entry)
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return sent
}

const FIETS: ThesaurusEntry = { term: 'Fiets', synonyms: ['rijwiel'], related: ['Verkeer'] }

const renderThemes = () =>
  renderRoutes([{ path: '/thema', element: <ThemesScreen /> }], '/thema', signedInAdmin())

async function openEditor() {
  const user = userEvent.setup()
  await user.click(
    await screen.findByRole('button', { name: `${TEXTS.edit} ${TEXTS.editOf('Fiets')}` }),
  )
  const dialog = screen.getByRole('dialog', { name: TEXTS.heading('Fiets') })
  return { user, dialog }
}

describe('the thesaurus editor', () => {
  it('shows each theme’s synonyms and related terms in the list', async () => {
    stubThemes([FIETS, { term: 'Wonen', synonyms: [], related: [] }])
    renderThemes()
    const row = await screen.findByRole('row', { name: /Fiets/ })
    expect(row).toHaveTextContent('rijwiel')
    expect(row).toHaveTextContent('Verkeer')
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /Wonen/ })).toHaveTextContent(TEXTS.none),
    )
  })

  it('starts with the current terms, one per line, and saves them with one call', async () => {
    const sent = stubThemes([FIETS])
    renderThemes()
    const { user, dialog } = await openEditor()
    const synonyms = within(dialog).getByRole('textbox', { name: TEXTS.synonyms })
    expect(synonyms).toHaveValue('rijwiel')
    expect(synonyms).toHaveFocus()
    expect(within(dialog).getByRole('textbox', { name: TEXTS.related })).toHaveValue('Verkeer')

    await user.type(synonyms, '{Enter}  tweewieler {Enter}{Enter}')
    await user.click(within(dialog).getByRole('button', { name: TEXTS.save }))

    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.saved('Fiets'))
    expect(sent).toEqual([
      {
        path: adminApi(apiPaths.thesaurusEntry('Fiets')),
        edit: { synonyms: ['rijwiel', 'tweewieler'], related: ['Verkeer'] },
      },
    ])
    expect(dialog).not.toBeVisible()
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /Fiets/ })).toHaveTextContent('rijwiel, tweewieler'),
    )
  })

  it('checks the terms before sending', async () => {
    const sent = stubThemes([FIETS])
    renderThemes()
    const { user, dialog } = await openEditor()
    const related = within(dialog).getByRole('textbox', { name: TEXTS.related })
    await user.type(related, `{Enter}${'x'.repeat(61)}`)
    await user.click(within(dialog).getByRole('button', { name: TEXTS.save }))
    expect(related).toHaveAccessibleDescription(expect.stringContaining('is langer dan 60 tekens'))
    expect(related).toHaveAttribute('aria-invalid', 'true')
    expect(related).toHaveFocus()
    expect(sent).toEqual([])
  })

  it('puts the server’s refusal next to the field it is about', async () => {
    const message = '‘fietsen’ is al een synoniem van het thema Verkeer.'
    stubThemes([FIETS], () =>
      json(
        {
          title: 'Conflict',
          status: 409,
          detail: message,
          errors: [{ path: 'body.synonyms', message }],
        },
        409,
      ),
    )
    renderThemes()
    const { user, dialog } = await openEditor()
    const synonyms = within(dialog).getByRole('textbox', { name: TEXTS.synonyms })
    await user.type(synonyms, '{Enter}fietsen')
    await user.click(within(dialog).getByRole('button', { name: TEXTS.save }))
    await waitFor(() =>
      expect(synonyms).toHaveAccessibleDescription(expect.stringContaining(message)),
    )
    expect(dialog).toBeVisible()
  })

  it('says so when saving fails for another reason', async () => {
    stubThemes([FIETS], () => json({ title: 'Niet gevonden', status: 404 }, 404))
    renderThemes()
    const { user, dialog } = await openEditor()
    await user.click(within(dialog).getByRole('button', { name: TEXTS.save }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEXTS.failed)
  })
})
