import { describe, expect, it } from 'vitest'
import { httpUrl, toIri } from './index.ts'

/** RFC 3987 `ucschar`, range by range as the grammar lists them. */
const UCSCHAR: Array<[number, number]> = [
  [0xa0, 0xd7ff],
  [0xf900, 0xfdcf],
  [0xfdf0, 0xffef],
  ...Array.from({ length: 13 }, (_, n): [number, number] => [
    (n + 1) * 0x10000,
    (n + 1) * 0x10000 + 0xfffd,
  ]),
  [0xe1000, 0xefffd],
]

/** What a path segment of an IRI may hold as it is (`ipchar` without `pct-encoded`). */
const inPathSegment = (char: string) =>
  /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/.test(char) ||
  UCSCHAR.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to)

/** An IRI path segment by the grammar: allowed characters and whole %XX escapes. */
const isIriSegment = (segment: string) =>
  [...segment.replace(/%[0-9A-Fa-f]{2}/g, '')].every(inPathSegment)

describe('toIri', () => {
  it('writes every character of the basic plane so that a path segment is valid and means it', () => {
    const wrong: string[] = []
    for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
      const char = String.fromCharCode(codePoint)
      // The delimiters between the parts of an IRI are no characters of a segment.
      if (char === '/' || char === '?' || char === '#') continue
      const segment = toIri(`x${char}y`)
      const lone = codePoint >= 0xd800 && codePoint <= 0xdfff
      if (
        !isIriSegment(segment) ||
        decodeURIComponent(segment) !== (lone ? 'x\uFFFDy' : `x${char}y`)
      ) {
        wrong.push(`U+${codePoint.toString(16)}: ${segment}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('encodes what ArcGIS services and careless sources put in their URLs', () => {
    expect(
      toIri(
        'https://gis.example.org/arcgis/rest/services/{naam}/MapServer/0/query?where=a|b^c`d\\e "f"<g>&x=[1]#deel#2',
      ),
    ).toBe(
      'https://gis.example.org/arcgis/rest/services/%7Bnaam%7D/MapServer/0/query?where=a%7Cb%5Ec%60d%5Ce%20%22f%22%3Cg%3E&x=%5B1%5D#deel%232',
    )
    expect(toIri('http://h/100%25 en 5%?%zz')).toBe('http://h/100%25%20en%205%25?%25zz')
  })

  it('leaves a valid IRI as it is, so encoding twice changes nothing', () => {
    for (const iri of [
      'https://data.voorbeeldstad.nl/documenten/één?q=ä&r=%7B#kop',
      'http://[2001:db8::1]:8080/a/b;c=d',
      'urn:uuid:0b8c5e8e-2b2a-4b6e-9d2e-8f0b1c7d6e5f',
      'mailto:info@voorbeeldstad.nl',
      'https://x.example/😀',
    ]) {
      expect(toIri(iri)).toBe(iri)
    }
    const awkward = 'http://h/{a}|^`\\ %zz#b#c\u0001\uE000\uFFFE\uD800'
    expect(toIri(toIri(awkward))).toBe(toIri(awkward))
  })
})

describe('httpUrl', () => {
  it('answers an http(s) address as a valid IRI, and nothing else', () => {
    expect(httpUrl(' https://a.example/x y/{z}?q=|^')).toBe(
      'https://a.example/x%20y/%7Bz%7D?q=%7C%5E',
    )
    expect(httpUrl('javascript:alert(1)')).toBeNull()
    expect(httpUrl('geen url')).toBeNull()
  })
})
