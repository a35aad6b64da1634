import { describe, expect, it } from 'vitest'
import { formatDate } from './format.ts'

const amsterdam = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
})

describe('formatDate', () => {
  it('writes a date as Intl.DateTimeFormat writes it in Dutch', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = `2024-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`
        expect(formatDate(iso)).toBe(amsterdam.format(new Date(`${iso}T12:00:00Z`)))
      }
    }
  })

  it('dates a timestamp by the day it was in Amsterdam, whatever the time zone here', () => {
    // 23:30 UTC is already the next day in Amsterdam, winter and summer.
    expect(formatDate('2026-11-27T23:30:00.000Z')).toBe('28 november 2026')
    expect(formatDate('2026-07-31T22:30:00Z')).toBe('1 augustus 2026')
    expect(formatDate('2026-12-31T23:00:00Z')).toBe('1 januari 2027')
    // Every half hour of two years, across both changes of summer time.
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 1_800_000) {
      const iso = new Date(time).toISOString()
      expect(formatDate(iso), iso).toBe(amsterdam.format(time))
    }
  })

  it('gives back what is not a date', () => {
    expect(formatDate('onbekend')).toBe('onbekend')
  })
})
