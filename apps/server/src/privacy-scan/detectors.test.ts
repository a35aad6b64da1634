import { readFile } from 'node:fs/promises'
import type { PrivacyKind } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { passesElfproef, passesLuhn, passesMod97 } from './checksums.ts'
import { detect } from './detectors.ts'
import { mask } from './masking.ts'
import { StreamingTextScanner, scanTexts } from './text-scan.ts'
import { FindingCollector } from './findings.ts'

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

/** The values found in a text, as [kind, value]. */
const found = (text: string) =>
  detect(text).hits.map((hit) => [hit.kind, text.slice(hit.start, hit.end)] as const)

describe('checksums', () => {
  it('the elfproef accepts valid BSNs and refuses others and all zeros', () => {
    expect(passesElfproef('123456782')).toBe(true)
    expect(passesElfproef('111222333')).toBe(true)
    expect(passesElfproef('123456789')).toBe(false)
    expect(passesElfproef('000000000')).toBe(false)
    expect(passesElfproef('12345678')).toBe(false)
  })

  it('mod-97 accepts IBANs of several countries and refuses a changed digit', () => {
    for (const iban of [
      'NL91ABNA0417164300',
      'DE89370400440532013000',
      'BE68539007547034',
      'GB29NWBK60161331926819',
    ]) {
      expect(passesMod97(iban)).toBe(true)
    }
    expect(passesMod97('NL91ABNA0417164301')).toBe(false)
  })

  it('Luhn accepts test card numbers and refuses a changed digit', () => {
    expect(passesLuhn('4111111111111111')).toBe(true)
    expect(passesLuhn('378282246310005')).toBe(true)
    expect(passesLuhn('4111111111111112')).toBe(false)
  })
})

// One known example per kind and written form: what is found, and how it is shown.
const POSITIVES: Array<[text: string, kind: PrivacyKind, value: string, masked: string]> = [
  ['BSN 123456782.', 'bsn', '123456782', '******782'],
  ['bsn: 1234.56.782', 'bsn', '1234.56.782', '****.**.782'],
  ['burgerservicenummer 123 456 782 van', 'bsn', '123 456 782', '*** *** 782'],
  ['nummer 111-222-333', 'bsn', '111-222-333', '***-***-333'],
  ['IBAN NL91ABNA0417164300', 'iban', 'NL91ABNA0417164300', 'NL*************300'],
  ['op NL91 ABNA 0417 1643 00 t.n.v.', 'iban', 'NL91 ABNA 0417 1643 00', 'NL** **** **** ***3 00'],
  [
    'DE89 3704 0044 0532 0130 00',
    'iban',
    'DE89 3704 0044 0532 0130 00',
    'DE** **** **** **** ***0 00',
  ],
  ['BE68539007547034', 'iban', 'BE68539007547034', 'BE***********034'],
  ['Mail j.jansen@gemeente.nl voor', 'email', 'j.jansen@gemeente.nl', 'j***@*****.nl'],
  [
    '(piet_de-vries+data@mail.example.org)',
    'email',
    'piet_de-vries+data@mail.example.org',
    'p***@*****.org',
  ],
  ['bel 0612345678', 'telefoon', '0612345678', '*******678'],
  ['bel 06-12345678', 'telefoon', '06-12345678', '**-*****678'],
  ['bel 06 1234 5678', 'telefoon', '06 1234 5678', '** **** *678'],
  ['bel 06 12 34 56 78', 'telefoon', '06 12 34 56 78', '** ** ** *6 78'],
  ['bel +31 6 12345678', 'telefoon', '+31 6 12345678', '+** * *****678'],
  ['bel +31612345678', 'telefoon', '+31612345678', '+********678'],
  ['bel +31 (0)6 12 34 56 78', 'telefoon', '+31 (0)6 12 34 56 78', '+** (*)* ** ** *6 78'],
  ['bel 0031 20 123 4567', 'telefoon', '0031 20 123 4567', '**** ** *** *567'],
  ['bel (020) 123 4567', 'telefoon', '(020) 123 4567', '(***) *** *567'],
  ['bel 020-1234567', 'telefoon', '020-1234567', '***-****567'],
  ['bel 020 - 123 45 67', 'telefoon', '020 - 123 45 67', '*** - *** *5 67'],
  ['bel 0513-123456', 'telefoon', '0513-123456', '****-***456'],
  ['bel 085 123 4567', 'telefoon', '085 123 4567', '*** *** *567'],
  ['woont 1234 AB 12', 'postcode-huisnummer', '1234 AB 12', '**** *B 12'],
  ['woont 1234AB 12a', 'postcode-huisnummer', '1234AB 12a', '****** 12a'],
  ['woont 1234 AB 12-3', 'postcode-huisnummer', '1234 AB 12-3', '**** ** 12-3'],
  ['Dorpsstraat 12, 1234 AB Ergens', 'postcode-huisnummer', '12, 1234 AB', '**, ***4 AB'],
  ['Kerkweg 7b 1234 AB', 'postcode-huisnummer', '7b 1234 AB', '** ***4 AB'],
  ['auto GZ-12-34', 'kenteken', 'GZ-12-34', '**-*2-34'],
  ['auto 12-34-GZ', 'kenteken', '12-34-GZ', '**-*4-GZ'],
  ['auto 12-GZ-34', 'kenteken', '12-GZ-34', '**-*Z-34'],
  ['auto GZ-12-BT', 'kenteken', 'GZ-12-BT', '**-*2-BT'],
  ['auto GZ-BT-12', 'kenteken', 'GZ-BT-12', '**-*T-12'],
  ['auto 12-GZ-BT', 'kenteken', '12-GZ-BT', '**-*Z-BT'],
  ['auto 12-GZB-3', 'kenteken', '12-GZB-3', '**-*ZB-3'],
  ['auto 1-GZB-23', 'kenteken', '1-GZB-23', '*-**B-23'],
  ['auto GZ-123-B', 'kenteken', 'GZ-123-B', '**-*23-B'],
  ['auto G-123-ZB', 'kenteken', 'G-123-ZB', '*-**3-ZB'],
  ['auto GZB-12-D', 'kenteken', 'GZB-12-D', '***-12-D'],
  ['auto G-12-ZBD', 'kenteken', 'G-12-ZBD', '*-**-ZBD'],
  ['auto 1-GZ-234', 'kenteken', '1-GZ-234', '*-**-234'],
  ['auto 123-GZ-4', 'kenteken', '123-GZ-4', '***-GZ-4'],
  ['kaart 4111 1111 1111 1111', 'betaalkaart', '4111 1111 1111 1111', '**** **** **** *111'],
  ['kaart 4111-1111-1111-1111', 'betaalkaart', '4111-1111-1111-1111', '****-****-****-*111'],
  ['kaart 5500000000000004', 'betaalkaart', '5500000000000004', '*************004'],
  ['kaart 3782 822463 10005', 'betaalkaart', '3782 822463 10005', '**** ****** **005'],
]

describe('the detectors find one example of every kind and form', () => {
  it.each(POSITIVES)('%s', (text, kind, value, masked) => {
    expect(found(text)).toEqual([[kind, value]])
    expect(mask(kind, value)).toBe(masked)
  })
})

describe('near-misses are no findings', () => {
  it('the held-out set written by hand gives none', async () => {
    const lines = (await fixture('near-misses.txt'))
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    expect(lines.length).toBeGreaterThan(90)
    const flagged = lines.filter(
      (line) => scanTexts([{ location: 'regel', text: line }]).length > 0,
    )
    expect(flagged).toEqual([])
    // All of them at once, as one text, too: joined they must not make a value either.
    expect(scanTexts([{ location: 'tekst', text: lines.join('\n') }])).toEqual([])
  })

  it('real catalogue records (CBS StatLine, with codes, years and figures) give none', async () => {
    const records = (await fixture('cbs-records.jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>)
    expect(records.length).toBe(200)
    const flagged = records.filter(
      (record) =>
        scanTexts([
          { location: 'titel', text: record.title ?? '' },
          { location: 'beschrijving', text: record.description ?? '' },
          { location: 'bron', text: `${record.id} ${record.modified} ${record.source_url}` },
        ]).length > 0,
    )
    expect(flagged).toEqual([])
  })

  it('in free text a BSN among case numbers that pass the elfproef by chance is still found', () => {
    const numbers = Array.from({ length: 110 }, (_, i) => String(300_000_000 + i * 7919))
    const passing = numbers.filter(passesElfproef).length
    expect(passing).toBeGreaterThan(0)
    const findings = scanTexts([{ location: 'tekst', text: numbers.join(' ') }])
    expect(findings.map((f) => [f.kind, f.count])).toEqual([['bsn', passing]])
  })
})

describe('findings', () => {
  it('one finding per kind and place with a count; the context masks every value in it', () => {
    const findings = scanTexts([
      { location: 'titel', text: 'Subsidie' },
      {
        location: 'beschrijving',
        text: 'Aanvrager 123456782 (tel. 06-12345678) en 1234.56.782, zie ook 111222333.',
      },
    ])
    expect(findings).toEqual([
      {
        kind: 'bsn',
        location: 'beschrijving',
        masked: '******782',
        context: 'Aanvrager ******782 (tel. **-*****678)…',
        count: 3,
      },
      {
        kind: 'telefoon',
        location: 'beschrijving',
        masked: '**-*****678',
        context: '…******782 (tel. **-*****678) en ****.**.782,…',
        count: 1,
      },
    ])
    const all = JSON.stringify(findings)
    for (const value of ['123456782', '12345678', '1234.56', '111222333']) {
      expect(all).not.toContain(value)
    }
  })

  it('a long text scanned block by block counts a value on a block seam once', () => {
    const filler = 'Een zin zonder gegevens erin. '.repeat(9_000)
    const text = `${filler}IBAN NL91 ABNA 0417 1643 00 ${filler}`
    const collector = new FindingCollector()
    const scanner = new StreamingTextScanner(collector)
    scanner.place('tekst')
    // Pieces of every size, so that some seam falls inside the IBAN.
    for (let at = 0, size = 1; at < text.length; at += size, size = (size * 7) % 997 || 1) {
      scanner.add(text.slice(at, at + size))
    }
    scanner.end()
    const findings = collector.findings()
    expect(findings.map((f) => [f.kind, f.count, f.masked])).toEqual([
      ['iban', 1, 'NL** **** **** ***3 00'],
    ])
  })
})
