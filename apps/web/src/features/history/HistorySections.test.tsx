import { API_PREFIX, apiPaths, type DocumentHistory } from '@dataportaal/contract'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { HistorySections } from './HistorySections.tsx'

const ID = 'e6a324a3-c7bf-490b-9dc6-7c88bbb4428f'
const VERSION_ID = '1b604613-5445-49ea-bbd0-ee1827a7b390'

const HISTORY: DocumentHistory = {
  versions: [
    {
      id: VERSION_ID,
      version: 1,
      fileName: 'bevolking-2023.csv',
      mediaType: 'text/csv',
      size: 12_300,
      sha256: 'a'.repeat(64),
      replacedAt: '2025-03-04T10:00:00.000Z',
      url: apiPaths.versionFile(ID, VERSION_ID),
    },
  ],
  changes: [
    {
      id: '2b6ce1f6-6513-4914-abff-2bbeed7b7e9e',
      changedAt: '2025-03-04T10:00:00.000Z',
      fields: [{ field: 'title', label: 'Titel' }],
      filesAdded: [],
      filesReplaced: [{ fileName: 'bevolking-2023.csv', size: 13_000 }],
      filesRemoved: [],
    },
  ],
}

const show = (history: DocumentHistory) => {
  stubApi((url) =>
    url.pathname === `${API_PREFIX.public}${apiPaths.documentHistory(ID)}`
      ? json(history)
      : json({}, 404),
  )
  renderAt(<HistorySections contentUID={ID} />)
}

describe('HistorySections', () => {
  it('lists earlier versions with date, size and a download link, and what changed', async () => {
    show(HISTORY)
    const versions = await screen.findByRole('region', { name: 'Eerdere versies' })
    expect(within(versions).getByText('bevolking-2023.csv')).toBeInTheDocument()
    expect(within(versions).getByText('vervangen op 4 maart 2025, 12,3 kB')).toBeInTheDocument()
    const link = within(versions).getByRole('link', {
      name: 'Downloaden bevolking-2023.csv, versie van voor 4 maart 2025',
    })
    expect(link).toHaveAttribute('href', `${API_PREFIX.public}${HISTORY.versions[0]!.url}`)

    const changes = screen.getByRole('region', { name: 'Wijzigingen' })
    expect(within(changes).getByText('4 maart 2025')).toBeInTheDocument()
    expect(within(changes).getByText('Gewijzigd: Titel')).toBeInTheDocument()
    expect(within(changes).getByText('Bestand vervangen: bevolking-2023.csv')).toBeInTheDocument()
    expect(within(changes).queryByText(/^Door /)).not.toBeInTheDocument()
    // No table kept: no link to a table's data.
    expect(within(versions).queryByRole('link', { name: /Tabel als CSV/ })).not.toBeInTheDocument()
  })

  it("links a version's kept table to its read-only Data API, as CSV", async () => {
    const [version] = HISTORY.versions
    show({
      ...HISTORY,
      versions: [{ ...version!, tables: [{ sheet: null, loadStatus: 'geladen', rowCount: 3 }] }],
    })
    const link = await screen.findByRole('link', {
      name: 'Tabel als CSV uit bevolking-2023.csv, versie van voor 4 maart 2025',
    })
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost')
    expect(href.pathname).toBe(`${API_PREFIX.public}${apiPaths.versionRows(ID, VERSION_ID)}`)
    expect(href.searchParams.get('format')).toBe('csv')
  })

  it('names who changed something when the server says (admins only)', async () => {
    const [change] = HISTORY.changes
    show({ versions: [], changes: [{ ...change!, changedBy: 'Anna de Vries' }] })
    expect(await screen.findByText('Door Anna de Vries')).toBeInTheDocument()
  })

  it('says so when there is no history', async () => {
    show({ versions: [], changes: [] })
    expect(
      await screen.findByText('Er zijn geen eerdere versies van de bestanden van dit document.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Dit document is niet gewijzigd sinds het werd gepubliceerd.'),
    ).toBeInTheDocument()
  })
})
