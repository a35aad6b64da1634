import { describe, expect, it } from 'vitest'
import { scratchBytes, scratchFloat64, scratchInt32, withScratch } from './scratch.ts'

describe('scratch arrays', () => {
  it('hands the next scope the same buffer, zeroed as a new array is', () => {
    const first = withScratch(() => {
      const ranks = scratchFloat64(10_000).fill(0.5)
      return ranks.buffer
    })
    const again = withScratch(() => {
      const ranks = scratchFloat64(9_000)
      expect(ranks.buffer).toBe(first)
      expect(ranks.length).toBe(9_000)
      expect(ranks.every((value) => value === 0)).toBe(true)
      return ranks.buffer
    })
    expect(again).toBe(first)
  })

  it('never hands out a buffer twice within a scope, nested scopes included', () => {
    withScratch(() => {
      const a = scratchInt32(5_000)
      const b = withScratch(() => scratchInt32(5_000))
      const c = scratchInt32(5_000)
      expect(new Set([a.buffer, b.buffer, c.buffer]).size).toBe(3)
      a.fill(1)
      expect(b.every((value) => value === 0) && c.every((value) => value === 0)).toBe(true)
    })
  })

  it('gives new arrays outside a scope and for small sizes', () => {
    const outside = scratchInt32(5_000)
    withScratch(() => {
      expect(scratchInt32(5_000).buffer).not.toBe(outside.buffer)
      const small = scratchInt32(10)
      withScratch(() => undefined)
      expect(scratchInt32(10).buffer).not.toBe(small.buffer)
    })
  })

  it('keeps bitmaps on whole 32-bit words, so they combine a word at a time', () => {
    withScratch(() => {
      const bitmap = scratchBytes(100_001)
      expect(bitmap.buffer.byteLength % 4).toBe(0)
      expect(bitmap.buffer.byteLength).toBeGreaterThanOrEqual(100_004)
    })
    expect(scratchBytes(5).buffer.byteLength).toBe(8)
  })
})

describe('scratch arrays kept between searches', () => {
  it('keeps no more than 32 MB, however much one search took', () => {
    const buffers = withScratch(() =>
      Array.from({ length: 40 }, () => scratchFloat64(131_072).buffer),
    )
    // 40 buffers of 1 MB were taken; at most 32 of them come back.
    const reused = withScratch(() =>
      Array.from({ length: 40 }, () => scratchFloat64(131_072).buffer),
    ).filter((buffer) => buffers.includes(buffer))
    expect(reused.length).toBeLessThanOrEqual(32)
    expect(reused.length).toBeGreaterThan(0)
  })
})
