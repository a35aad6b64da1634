import { SEARCH_LIMITS } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { MAX_PAGE, pageCount, pageFromParam, pageFromSegment } from './page-count.ts'

describe('pageCount', () => {
  it('rounds up to whole pages', () => {
    expect(pageCount(0, 10)).toBe(0)
    expect(pageCount(1, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageCount(26, 25)).toBe(2)
  })

  it('stops at the API’s last page, whatever the total', () => {
    expect(MAX_PAGE).toBe(SEARCH_LIMITS.maxOffset)
    expect(pageCount(MAX_PAGE * 10, 10)).toBe(MAX_PAGE)
    expect(pageCount(MAX_PAGE * 10 + 1, 10)).toBe(MAX_PAGE)
    expect(pageCount(123_456, 10)).toBe(1000)
  })
})

describe('page numbers from the URL', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['7', 7],
    ['1000', 1000],
    ['1001', null],
    ['0', null],
    ['-2', null],
    ['2.5', null],
    ['twee', null],
  ])('path segment %s is page %s', (segment, page) => {
    expect(pageFromSegment(segment)).toBe(page)
  })

  it.each([
    [null, 1],
    ['3', 3],
    ['0', 1],
    ['5000', 1000],
    ['x', 1],
  ])('query parameter %s is page %s', (value, page) => {
    expect(pageFromParam(value)).toBe(page)
  })
})
