import { describe, expect, it } from 'vitest'
import { keepScratch, scratchBytes, scratchFloat64, scratchInt32, withScratch } from './scratch.ts'

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

describe('a scratch array kept beyond its scope', () => {
  it('is handed to no scope until it is given back, and then once', () => {
    const kept = withScratch(() => {
      const found = scratchInt32(5_000).fill(7)
      return { found, giveBack: keepScratch(found) }
    })
    withScratch(() => {
      const other = scratchInt32(5_000)
      expect(other.buffer).not.toBe(kept.found.buffer)
      other.fill(1)
    })
    expect(kept.found.every((value) => value === 7)).toBe(true)
    kept.giveBack()
    kept.giveBack()
    const [a, b] = withScratch(() => [scratchInt32(5_000).buffer, scratchInt32(5_000).buffer])
    expect([a, b]).toContain(kept.found.buffer)
    expect(a).not.toBe(b)
  })

  it('needs nothing given back when it is not from the pool', () => {
    const small = withScratch(() => scratchInt32(10))
    expect(() => keepScratch(small)()).not.toThrow()
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
