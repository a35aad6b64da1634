import { describe, expect, it } from 'vitest'
import { formatDate } from './format.ts'

describe('formatDate', () => {
  it('writes a date as Intl.DateTimeFormat writes it in Dutch', () => {
    const intl = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2024, month, day, 12)
        const iso = `2024-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`
        expect(formatDate(iso)).toBe(intl.format(date))
        expect(formatDate(date.toISOString())).toBe(intl.format(date))
      }
    }
  })

  it('gives back what is not a date', () => {
    expect(formatDate('onbekend')).toBe('onbekend')
  })
})
