import { describe, expect, it } from 'vitest'
import {
  apiNumber,
  draftsFromFilters,
  filtersFromDrafts,
  nextSort,
  readTableState,
  rowsPageQuery,
  writeTableState,
  type TableViewState,
} from './table-state.ts'
import { toSearchParams } from '../../shared/api/client.ts'

const FILE = '1b604613-5445-49ea-bbd0-ee1827a7b390'
const OTHER = '2b6ce1f6-6513-4914-abff-2bbeed7b7e9e'

const STATE: TableViewState = {
  sheet: 'Blad 2',
  sort: { column: 'bedrag (€)', descending: true },
  q: 'Utrecht & co',
  filters: [
    { column: 'jaar', op: 'gte', value: '2020' },
    { column: 'jaar', op: 'lte', value: '2024' },
    { column: 'a=b&c', op: 'contains', value: 'x:y' },
    { column: 'opmerking', op: 'empty', value: '' },
  ],
  page: 3,
}

describe('the table state in the address', () => {
  it('survives a round trip through the address, keeping the page’s other parameters', () => {
    const params = writeTableState(new URLSearchParams('editSuccess=true'), FILE, STATE)
    const reread = new URLSearchParams(`?${params.toString()}`)
    expect(reread.get('editSuccess')).toBe('true')
    expect(reread.get('tabel')).toBe(FILE)
    expect(readTableState(reread, FILE, null)).toEqual(STATE)
  })

  it('replaces an earlier state instead of adding to it', () => {
    const first = writeTableState(new URLSearchParams(), FILE, STATE)
    const second = writeTableState(first, FILE, { ...STATE, filters: [], q: '', page: 1 })
    expect([...second.keys()].sort()).toEqual(['blad', 'sorteer', 'tabel'])
  })

  it('is the default for another table of the document', () => {
    const params = writeTableState(new URLSearchParams(), FILE, STATE)
    expect(readTableState(params, OTHER, 'Blad 1')).toEqual({
      sheet: 'Blad 1',
      sort: null,
      q: '',
      filters: [],
      page: 1,
    })
  })

  it('ignores what a hand-edited address holds that is no filter or page', () => {
    const params = new URLSearchParams({
      tabel: FILE,
      pagina: '-4',
      'f.jaar': 'tussen:1',
      'f.': 'eq:1',
      sorteer: '-',
    })
    expect(readTableState(params, FILE, null)).toMatchObject({ page: 1, filters: [], sort: null })
    params.set('pagina', '99999999999999999999')
    expect(readTableState(params, FILE, null).page).toBeLessThan(1_000_000_000)
  })

  it('becomes the Data API’s query: filter[col] repeated, sort, q, sheet and the page', () => {
    const query = toSearchParams(rowsPageQuery(STATE))
    expect(query.getAll('filter[jaar]')).toEqual(['gte:2020', 'lte:2024'])
    expect(query.get('filter[a=b&c]')).toBe('contains:x:y')
    expect(query.get('filter[opmerking]')).toBe('empty:')
    expect(query.get('sort')).toBe('-bedrag (€)')
    expect(query.get('q')).toBe('Utrecht & co')
    expect(query.get('sheet')).toBe('Blad 2')
    expect(query.get('limit')).toBe('25')
    expect(query.get('offset')).toBe('50')
  })
})

describe('sorting by a header', () => {
  it('goes ascending, descending, unsorted; another column starts ascending', () => {
    const asc = nextSort(null, 'jaar')
    expect(asc).toEqual({ column: 'jaar', descending: false })
    const desc = nextSort(asc, 'jaar')
    expect(desc).toEqual({ column: 'jaar', descending: true })
    expect(nextSort(desc, 'jaar')).toBeNull()
    expect(nextSort(desc, 'bedrag')).toEqual({ column: 'bedrag', descending: false })
  })
})

describe('the filter form', () => {
  const types = new Map([
    ['gemeente', 'string'],
    ['bedrag', 'number'],
    ['actief', 'boolean'],
    ['datum', 'date'],
    ['vorm', 'geojson'],
  ] as const)

  it('turns each column’s inputs into the filters that fit its type', () => {
    const drafts = new Map([
      ['gemeente', { contains: ' Utr ', from: '9', to: '', bool: '', empty: '' } as const],
      ['bedrag', { contains: 'x', from: '1.234,5', to: '2000', bool: '', empty: '' } as const],
      ['actief', { contains: '', from: '', to: '', bool: 'false', empty: '' } as const],
      ['datum', { contains: '', from: '', to: '2025-12-31', bool: '', empty: 'notempty' } as const],
      ['vorm', { contains: 'x', from: '', to: '', bool: '', empty: 'empty' } as const],
      ['onbekend', { contains: 'x', from: '', to: '', bool: '', empty: '' } as const],
    ])
    const filters = filtersFromDrafts(drafts, types)
    expect(filters).toEqual([
      { column: 'gemeente', op: 'contains', value: 'Utr' },
      { column: 'bedrag', op: 'gte', value: '1234.5' },
      { column: 'bedrag', op: 'lte', value: '2000' },
      { column: 'actief', op: 'eq', value: 'false' },
      { column: 'datum', op: 'lte', value: '2025-12-31' },
      { column: 'datum', op: 'notempty', value: '' },
      { column: 'vorm', op: 'empty', value: '' },
    ])
    // And back: the form shows what the address holds.
    expect(filtersFromDrafts(draftsFromFilters(filters), types)).toEqual(filters)
  })

  it('reads Dutch numbers as the API does', () => {
    expect(apiNumber('1.234,5')).toBe('1234.5')
    expect(apiNumber('-0,25')).toBe('-0.25')
    expect(apiNumber('1.000')).toBe('1000')
    expect(apiNumber('12.345.678')).toBe('12345678')
    expect(apiNumber('1234.5')).toBe('1234.5')
    expect(apiNumber('1.5')).toBe('1.5')
    expect(apiNumber('2025-12-31')).toBe('2025-12-31')
    expect(apiNumber(' 12 ')).toBe('12')
  })
})
