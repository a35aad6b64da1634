import { describe, expect, it } from 'vitest'
import { VersionedCache } from './cache.ts'

describe('VersionedCache', () => {
  it('answers only for the version a value was kept under', () => {
    const cache = new VersionedCache<string>(10)
    cache.set(3, 'a', 'drie')
    expect(cache.get(3, 'a')).toBe('drie')
    expect(cache.get(4, 'a')).toBeUndefined()
    expect(cache.get(2, 'a')).toBeUndefined()
  })

  it('forgets everything at a newer version, and keeps nothing of an older one', () => {
    const cache = new VersionedCache<string>(10)
    cache.set(3, 'a', 'drie')
    cache.set(4, 'b', 'vier')
    expect(cache.get(4, 'a')).toBeUndefined()
    cache.set(3, 'c', 'laat')
    expect(cache.get(3, 'c')).toBeUndefined()
    expect(cache.get(4, 'b')).toBe('vier')
  })

  it('says which keys it holds at the newest version it has seen', () => {
    const cache = new VersionedCache<string>(10)
    expect(cache.holds('a')).toBe(false)
    cache.set(3, 'a', 'drie')
    expect(cache.holds('a')).toBe(true)
    cache.set(4, 'b', 'vier')
    expect([cache.holds('a'), cache.holds('b')]).toEqual([false, true])
  })

  it('lets the least recently used value go first when full', () => {
    const cache = new VersionedCache<string>(2)
    cache.set(1, 'a', 'A')
    cache.set(1, 'b', 'B')
    expect(cache.get(1, 'a')).toBe('A')
    cache.set(1, 'c', 'C')
    expect(cache.get(1, 'b')).toBeUndefined()
    expect(cache.get(1, 'a')).toBe('A')
    expect(cache.get(1, 'c')).toBe('C')
  })

  it('keeps nothing with capacity 0', () => {
    const cache = new VersionedCache<string>(0)
    cache.set(1, 'a', 'A')
    expect(cache.get(1, 'a')).toBeUndefined()
  })
})
