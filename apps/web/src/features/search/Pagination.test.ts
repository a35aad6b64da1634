import { describe, expect, it } from 'vitest'
import { pageWindow } from '../../shared/ui/Pagination.tsx'

// The shared pagination's page window; its links are tested through the search page.
describe('page window', () => {
  it('shows the first, the last and the current page with its neighbours', () => {
    expect(pageWindow(50, 100)).toEqual([1, 'gap', 49, 50, 51, 'gap', 100])
  })

  it('shows a single missing page instead of an ellipsis', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
  })

  it('handles the edges', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 100)).toEqual([1, 2, 'gap', 100])
    expect(pageWindow(100, 100)).toEqual([1, 'gap', 99, 100])
  })
})
