import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useDebounced } from './use-debounced.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

it('gives the new value only once it has not changed for the delay', () => {
  const { result, rerender } = renderHook(({ value }) => useDebounced(value, 200), {
    initialProps: { value: 'b' },
  })
  rerender({ value: 'be' })
  act(() => vi.advanceTimersByTime(150))
  rerender({ value: 'bev' })
  act(() => vi.advanceTimersByTime(199))
  expect(result.current).toBe('b')
  act(() => vi.advanceTimersByTime(1))
  expect(result.current).toBe('bev')
})
