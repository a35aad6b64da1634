import { SEARCH_LIMITS } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { facetBuckets } from './buckets.ts'
import {
  activeFilters,
  selectedValues,
  withFacetShown,
  withValue,
  withoutFilter,
  withoutFilters,
} from './filters.ts'
import { readSearchState } from './search-url.ts'
import { searchHref } from '../../shared/routes.ts'
import { someAggregations } from './test-data.ts'

const stateOf = (href: string) => readSearchState(new URLSearchParams(href.split('?')[1]))

describe('filter changes', () => {
  it('adds and removes values of a multi-value group, back at page 1', () => {
    const state = stateOf(searchHref({ query: 'wijk', offset: 5, tags: ['Wonen'] }))
    const added = withValue(state, 'tags', 'Bevolking', true)
    expect(added.tags).toEqual(['Wonen', 'Bevolking'])
    expect(added.offset).toBe(1)
    expect(added.query).toBe('wijk')
    expect(withValue(added, 'tags', 'Wonen', false).tags).toEqual(['Bevolking'])
  })

  it('turns a year into a date range and back', () => {
    const state = withValue(stateOf(searchHref()), 'date', '2024', true)
    expect([state.dateFrom, state.dateTo]).toEqual(['2024-01-01', '2024-12-31'])
    expect(selectedValues(state, 'date')).toEqual(['2024'])
    const cleared = withValue(state, 'date', '2024', false)
    expect([cleared.dateFrom, cleared.dateTo]).toEqual([undefined, undefined])
  })

  it('takes a rating bucket as a minimum rating', () => {
    const state = withValue(stateOf(searchHref()), 'rating', '4', true)
    expect(state.minRating).toBe(4)
    expect(selectedValues(state, 'rating')).toEqual(['4'])
  })

  it('lists the active filters, a date range from a link included, and removes each', () => {
    const state = stateOf(
      searchHref({ categoryType: ['Kaart'], minRating: 3, dateFrom: '2020-06-01' }),
    )
    const filters = activeFilters(state)
    expect(filters).toEqual([
      { facet: 'categoryType', value: 'Kaart' },
      { facet: 'rating', value: '3' },
      { facet: 'date', value: '2020-06-01/' },
    ])
    expect(withoutFilter(state, filters[2]!).dateFrom).toBeUndefined()
    expect(withoutFilter(state, filters[0]!).categoryType).toEqual([])
  })

  it('reads Woo categories from the URL as a multi-value filter, and clears them', () => {
    const state = stateOf(searchHref({ source: ['Onderzoek'], wooCategory: ['014', '016'] }))
    expect(state.wooCategory).toEqual(['014', '016'])
    expect(activeFilters(state)).toEqual([
      { facet: 'source', value: 'Onderzoek' },
      { facet: 'wooCategory', value: '014' },
      { facet: 'wooCategory', value: '016' },
    ])
    expect(withoutFilter(state, { facet: 'wooCategory', value: '014' }).wooCategory).toEqual([
      '016',
    ])
    expect(withoutFilters(state).wooCategory).toEqual([])
  })

  it('clears every filter but keeps the query, the order and the view', () => {
    const state = stateOf(
      searchHref({
        query: 'wijk',
        sort: 'date',
        tags: ['Wonen'],
        minRating: 2,
        facets: ['source'],
      }),
    )
    const cleared = withoutFilters(state)
    expect(activeFilters(cleared)).toEqual([])
    expect([cleared.query, cleared.sort, cleared.facets]).toEqual(['wijk', 'date', ['source']])
  })

  it('shows and hides groups in a fixed order, and the URL names them only when not default', () => {
    const state = stateOf(searchHref())
    const withSource = withFacetShown(withFacetShown(state, 'date', true), 'source', true)
    expect(withSource.facets).toEqual(['categoryType', 'tags', 'source', 'date'])
    expect(searchHref(withSource)).toContain('facets=categoryType%2Ctags%2Csource%2Cdate')
    expect(searchHref(withFacetShown(withSource, 'source', false))).toContain('facets=')
    const none = withFacetShown(withFacetShown(state, 'tags', false), 'categoryType', false)
    expect(stateOf(searchHref(none)).facets).toEqual([])
    expect(searchHref(withFacetShown(none, 'tags', true))).toContain('facets=tags')
    expect(searchHref(stateOf(searchHref()))).not.toContain('facets')
  })

  it('never reads a page beyond the last one the server serves', () => {
    expect(readSearchState(new URLSearchParams('offset=99999')).offset).toBe(
      SEARCH_LIMITS.maxOffset,
    )
  })
})

describe('facet buckets', () => {
  it('moves the "no value" buckets to the end and keeps the rest in order', () => {
    const buckets = facetBuckets(
      someAggregations({
        themes: [
          { key: 'Geen Thema', count: 9 },
          { key: 'Wonen', count: 6 },
          { key: 'Geen labels', count: 1 },
          { key: 'Bevolking', count: 15 },
        ],
      }),
      'tags',
      [],
    )
    expect(buckets.map((bucket) => bucket.key)).toEqual([
      'Wonen',
      'Bevolking',
      'Geen Thema',
      'Geen labels',
    ])
  })

  it('offers a chosen value the results do not count, before the "no value" bucket', () => {
    const aggregations = someAggregations({ themes: [{ key: 'Geen thema', count: 3 }] })
    expect(facetBuckets(aggregations, 'tags', ['Fiets'])).toEqual([
      { key: 'Fiets', count: 0 },
      { key: 'Geen thema', count: 3 },
    ])
  })

  it('feeds each group from its aggregation', () => {
    const aggregations = someAggregations()
    expect(facetBuckets(aggregations, 'categoryType', [])).toEqual(aggregations.contentTypeName)
    expect(facetBuckets(aggregations, 'source', [])).toEqual(aggregations.sourceFriendlyName)
    expect(facetBuckets(aggregations, 'date', [])).toEqual(aggregations.date)
    expect(facetBuckets(aggregations, 'rating', [])).toEqual(aggregations.rating)
    expect(facetBuckets(aggregations, 'wooCategory', [])).toEqual(aggregations.wooCategory)
  })
})
