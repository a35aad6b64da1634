import {
  apiPaths,
  type DocumentClassification,
  type DocumentDetail,
  type ThesaurusEntry,
} from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi, type RenderOptions } from '../test/render.tsx'
import { DocumentScreen } from './DocumentScreen.tsx'
import { DOCUMENT_ID, aDocument, employeeApi, signedIn } from '../test/documents.ts'
import { DOCUMENT_PATH, documentHref } from '../shared/routes.ts'

afterEach(() => vi.unstubAllGlobals())

const tag = (name: string, index: number) => ({
  id: `7d1c2f3a-4b5c-4d6e-8f90-00000000000${index}`,
  name,
})
const THEMES = ['Bevolking', 'Fietsen', 'Verkeer', 'Wonen'].map(tag)
const LABELS = ['Intern gebruik', 'Actueel'].map(tag)
const THESAURUS: ThesaurusEntry[] = [
  { term: 'Fietsen', synonyms: ['fiets', 'rijwiel'], related: ['Verkeer'] },
]
const UNKNOWN_THEME = 'Het thema ‘Onzin’ staat niet in de lijst met thema’s.'

interface Change {
  method: string | undefined
  path: string
  name: string | null
}

/**
 * The vocabulary calls and the document; a change answers the document's themes and labels
 * afterwards, as the server does, and an unknown theme is refused with 422.
 */
function stubServer(detail: DocumentDetail) {
  const changes: Change[] = []
  let classification: DocumentClassification = {
    themes: detail.themes,
    labels: detail.labels ?? null,
  }
  const answer = (change: (current: DocumentClassification) => DocumentClassification) => {
    classification = change(classification)
    return json(classification)
  }
  const api = stubApi((url, init) => {
    const path = url.pathname
    const name = url.searchParams.get('name')
    if (path === employeeApi(apiPaths.tags)) return json({ Results: THEMES, Total: THEMES.length })
    if (path === employeeApi(apiPaths.labels))
      return json({ Results: LABELS, Total: LABELS.length })
    if (path === employeeApi(apiPaths.thesaurus)) return json(THESAURUS)
    if (path === employeeApi(apiPaths.followedTags)) return json({ Results: [], Total: 0 })
    if (path === employeeApi(apiPaths.document(DOCUMENT_ID))) return json(detail)
    // Changes only: the page also reads under the document's path (its history).
    const reads = (init?.method ?? 'GET') === 'GET'
    if (!reads && path.startsWith(employeeApi(`${apiPaths.document(DOCUMENT_ID)}/`))) {
      changes.push({ method: init?.method, path, name })
    }
    if (path === employeeApi(apiPaths.documentTag(DOCUMENT_ID))) {
      if (!THEMES.some((theme) => theme.name === name)) {
        return json({ title: 'Ongeldige invoer', status: 422, detail: UNKNOWN_THEME }, 422)
      }
      return answer((current) => ({ ...current, themes: [...(current.themes ?? []), name!] }))
    }
    if (path === employeeApi(apiPaths.documentLabel(DOCUMENT_ID))) {
      return answer((current) => ({ ...current, labels: [...(current.labels ?? []), name!] }))
    }
    const removed = /\/(tag|label)\/([^/]+)$/.exec(path)
    if (removed && init?.method === 'DELETE') {
      const gone = decodeURIComponent(removed[2]!)
      const field = removed[1] === 'tag' ? 'themes' : 'labels'
      return answer((current) => ({
        ...current,
        [field]: current[field]?.filter((value) => value !== gone) ?? null,
      }))
    }
    return new Response(null, { status: 204 })
  })
  return { ...api, changes }
}

const renderDocument = (options: RenderOptions) =>
  renderAt(<DocumentScreen />, documentHref(DOCUMENT_ID), DOCUMENT_PATH, options)

const themeBox = () => screen.findByRole('combobox', { name: 'Thema toevoegen' })
const chips = (kind: 'Thema’s' | 'Labels') =>
  within(screen.getByRole('list', { name: kind }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.portal-classification__name')?.textContent)

describe('themes and labels on the document page', () => {
  it('suggests themes from /tags and synonyms from /thesaurus; a synonym adds its theme', async () => {
    const { changes, calls } = stubServer(aDocument())
    renderDocument(signedIn())
    const box = await themeBox()
    expect(calls.some((url) => url.pathname === employeeApi(apiPaths.tags))).toBe(false)

    await userEvent.type(box, 'fie')
    const list = await screen.findByRole('listbox')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['fiets (synoniem van Fietsen)', 'Fietsen']),
    )
    expect(box).toHaveAttribute('aria-expanded', 'true')

    await userEvent.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id)
    await userEvent.keyboard('{Enter}')

    expect(await screen.findByText('Thema Fietsen is toegevoegd.')).toBeVisible()
    expect(changes).toEqual([
      {
        method: 'PUT',
        path: employeeApi(apiPaths.documentTag(DOCUMENT_ID)),
        name: 'Fietsen',
      },
    ])
    expect(chips('Thema’s')).toEqual(['Bevolking', 'Wonen', 'Fietsen'])
    expect(box).toHaveValue('')
  })

  it('leaves out themes the document already has, and suggests on a synonym typed in full', async () => {
    stubServer(aDocument())
    renderDocument(signedIn())
    const box = await themeBox()
    await userEvent.type(box, 'en')
    // Wonen matches too, but the document has it already.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Fietsen',
      ]),
    )
    await userEvent.clear(box)
    await userEvent.type(box, 'rijwiel')
    expect(
      await screen.findByRole('option', { name: 'rijwiel (synoniem van Fietsen)' }),
    ).toBeVisible()
  })

  it('shows the server’s message next to the field for a name outside the vocabulary', async () => {
    const { changes } = stubServer(aDocument())
    renderDocument(signedIn())
    const box = await themeBox()

    await userEvent.type(box, 'Onzin{Enter}')

    const message = await screen.findByText(UNKNOWN_THEME)
    expect(message).toHaveAttribute('role', 'alert')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    expect(box).toHaveValue('Onzin')
    expect(changes.map((change) => change.name)).toEqual(['Onzin'])
    expect(chips('Thema’s')).toEqual(['Bevolking', 'Wonen'])

    // Typing again takes the message away.
    await userEvent.type(box, '!')
    expect(screen.queryByText(UNKNOWN_THEME)).not.toBeInTheDocument()
  })

  it('removes a theme with its chip’s button and puts the focus in the field', async () => {
    const { changes } = stubServer(aDocument())
    renderDocument(signedIn())

    await userEvent.click(await screen.findByRole('button', { name: 'Thema Wonen verwijderen' }))

    expect(await screen.findByText('Thema Wonen is verwijderd.')).toBeVisible()
    expect(chips('Thema’s')).toEqual(['Bevolking'])
    expect(await themeBox()).toHaveFocus()
    expect(changes).toEqual([
      {
        method: 'DELETE',
        path: employeeApi(apiPaths.removeTag(DOCUMENT_ID, 'Wonen')),
        name: null,
      },
    ])
  })

  it('adds and removes a label from /labels', async () => {
    const { changes } = stubServer(aDocument())
    renderDocument(signedIn())
    expect(await screen.findByText('Dit document heeft nog geen labels.')).toBeVisible()

    await userEvent.type(screen.getByRole('combobox', { name: 'Label toevoegen' }), 'intern')
    await userEvent.click(await screen.findByRole('option', { name: 'Intern gebruik' }))
    expect(await screen.findByText('Label Intern gebruik is toegevoegd.')).toBeVisible()
    expect(chips('Labels')).toEqual(['Intern gebruik'])

    await userEvent.click(screen.getByRole('button', { name: 'Label Intern gebruik verwijderen' }))
    expect(await screen.findByText('Dit document heeft nog geen labels.')).toBeVisible()
    expect(changes.map(({ method, path, name }) => [method, path, name])).toEqual([
      ['PUT', employeeApi(apiPaths.documentLabel(DOCUMENT_ID)), 'Intern gebruik'],
      ['DELETE', employeeApi(apiPaths.removeLabel(DOCUMENT_ID, 'Intern gebruik')), null],
    ])
  })

  it('shows a visitor the themes as links, and no labels or controls', async () => {
    stubApi(() => json(aDocument({ labels: undefined, contentUserUse: undefined })))
    renderDocument({})
    expect(await screen.findByRole('link', { name: 'Wonen' })).toHaveAttribute(
      'href',
      '/zoeken?offset=1&tags=Wonen',
    )
    expect(screen.queryByRole('combobox', { name: /toevoegen/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /verwijderen/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Labels')).not.toBeInTheDocument()
  })
})
