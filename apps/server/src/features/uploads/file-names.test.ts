import { describe, expect, it } from 'vitest'
import { contentDisposition } from '../../http/content-disposition.ts'
import { displayFileName, extensionOf } from './file-names.ts'

describe('displayFileName', () => {
  it.each([
    ['../../etc/passwd.csv', 'passwd.csv'],
    ['C:\\Users\\piet\\Bureaublad\\rapport.pdf', 'rapport.pdf'],
    ['..', 'bestand'],
    ['...', 'bestand'],
    ['', 'bestand'],
    ['.env.json', 'env.json'],
    ['  kaart  .geojson  ', 'kaart .geojson'],
    ['regel\r\nX-Header: 1.csv', 'regel X-Header: 1.csv'],
    ['be\u0000l\u0007\u009b.csv', 'bel.csv'],
    ['rapport\u202efdp.exe', 'rapportfdp.exe'],
    ['zero\u200bwidth.png', 'zerowidth.png'],
    ['half\ud800\udc00\ud83d.csv', 'half\u{10000}.csv'],
    ['\ude00rest\ufffe\uffff.csv', 'rest.csv'],
    ['tab\tnaam.csv', 'tab naam.csv'],
    ['e\u0301e\u0301n.csv', 'één.csv'],
    ['"aanhalingstekens" en ; %.csv', '"aanhalingstekens" en ; %.csv'],
  ])('makes %j into %j', (original, expected) => {
    expect(displayFileName(original)).toBe(expected)
  })

  it('shortens a long name to 200 characters and keeps the extension', () => {
    const name = displayFileName(`${'a'.repeat(300)}.xlsx`)
    expect(name).toHaveLength(200)
    expect(name.endsWith('a.xlsx')).toBe(true)
  })

  it('never splits a character outside the basic plane', () => {
    const name = displayFileName(`${'😀'.repeat(250)}.csv`)
    expect(Array.from(name)).toHaveLength(200)
    expect(name.endsWith('😀.csv')).toBe(true)
    expect(encodeURIComponent(name)).toMatch(/%F0%9F%98%80\.csv$/)
  })

  it('gives names that make a safe Content-Disposition header', () => {
    const header = contentDisposition(displayFileName('../a"b\r\nSet-Cookie: x=1;.csv'))
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toBe(
      `attachment; filename="a_b Set-Cookie: x=1_.csv"; filename*=UTF-8''a%22b%20Set-Cookie%3A%20x%3D1%3B.csv`,
    )
  })

  it('finds extensions worth keeping', () => {
    expect(extensionOf('a.tar.gz')).toBe('.gz')
    expect(extensionOf('geen-extensie')).toBe('')
    expect(extensionOf('.verborgen')).toBe('')
    expect(extensionOf(`a.${'x'.repeat(30)}`)).toBe('')
  })
})
