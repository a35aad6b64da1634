import fc from 'fast-check'

/**
 * Text an attacker, a broken client or an unlucky copy-paste sends: control characters,
 * unicode edge cases, SQL and PostgreSQL tsquery syntax, path traversal, numbers at the
 * edges of what JavaScript and PostgreSQL can hold.
 */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  '   \t ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\r\nX-Injected: 1',
  '\u0085\u00a0\u1680\u180e',
  '\ud800',
  'x\udfffy',
  '\udbff\udfff',
  '\uffff',
  '\ufffe\ufeff',
  '\u202eevil.exe\u202dtxt',
  'שלום עולם',
  'مرحبا بالعالم',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  'Z\u0337\u0322\u0349a\u0334l\u0338g\u0336o\u0335',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u200b\u200c\u200d\u2060',
  '\u2028\u2029',
  'İıŞş ß ﬁ',
  "' or 1=1 --",
  "'; drop table documents; --",
  '" or ""="',
  "\\'; select pg_sleep(10); --",
  '%',
  '_%_',
  '\\',
  'a & | !b',
  'a:*',
  ':*',
  '<->',
  'a <-> b',
  'a <0> b',
  'a <99999> b',
  '!!!!',
  '&',
  '|',
  '((((',
  ')',
  "''",
  ':',
  '*',
  'a:ABCD',
  '"unclosed',
  '- -- -',
  'or',
  'fiets -auto "en of"',
  '../../../../etc/passwd',
  '..',
  '.',
  '..\\..\\windows\\win.ini',
  '/',
  '//',
  'a/b',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999999999',
  '0x10',
  '1.5',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  '[]',
  '{}',
  '[object Object]',
  '2024-02-30',
  '0000-00-00',
  '99999-12-31',
]

/** Already percent-encoded pieces of a URL: invalid escapes and encodings, traversal. */
export const RAW_URL_PIECES: readonly string[] = [
  '%',
  '%zz',
  '%0',
  '%00',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%EF%BF%BF',
  '%2e%2e%2f%2e%2e%2f',
  '..%2f..%2fetc%2fpasswd',
  '%252e%252e%252f',
  '%2F',
  '%5C..%5C',
  '..',
  '.',
  'a%26b%3Dc',
  '&&&',
  'a=b=c',
  '+++',
  '%20%20',
  '%0d%0aSet-Cookie:%20x=1',
  ';x=1',
  "'--",
]

const pct = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`

/** UTF-8 bytes of a code point; a lone surrogate gets the bytes WTF-8 would give it. */
function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint]
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)]
  if (codePoint < 0x10000) {
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)]
  }
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ]
}

/**
 * Percent-encodes any JavaScript string, also one with lone surrogates (which
 * encodeURIComponent refuses): such a surrogate travels as the bytes a sloppy client sends.
 */
export function percentEncode(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (/[A-Za-z0-9\-._~]/.test(text[i]!)) {
      out += text[i]
      continue
    }
    let codePoint = unit
    const low = text.charCodeAt(i + 1)
    if (unit >= 0xd800 && unit <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
      codePoint = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
      i++
    }
    out += utf8Bytes(codePoint).map(pct).join('')
  }
  return out
}

/** Any UTF-16 code unit, lone surrogates and U+FFFF included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit))

/** Long text of one repeated character, up to `maxLength`. */
export function hugeText(maxLength: number) {
  const lengths = [1_000, 3_000, 10_000, 70_000, 1_100_000].filter((n) => n <= maxLength)
  return fc
    .tuple(
      fc.constantFrom('a', 'é', '\u0000', '😀', '%', ' ', '&'),
      fc.constantFrom(...(lengths.length ? lengths : [maxLength])),
    )
    .map(([char, length]) => char.repeat(Math.ceil(length / char.length)))
}

/** Hostile text: the list above, random code units, mixed with a harmless word, or huge. */
export const hostileText = (maxLength = 20_000): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom('fiets', 'Verkeer', 'wonen'))
        .map(([hostile, word]) => `${word} ${hostile}`),
    },
    { weight: 1, arbitrary: hugeText(maxLength) },
  )

/** A JSON token JSON.stringify cannot write: NaN, 1e309, -0, 2^53+1, a lone surrogate escape. */
export class RawJson {
  constructor(readonly text: string) {}
}

const RAW_JSON_TOKENS = [
  'NaN',
  'Infinity',
  '1e309',
  '-1e309',
  '-0',
  '9007199254740993',
  '1e-400',
  '0.1e1',
  '01',
  '"\\ud800"',
  '"\\u0000"',
  '"a\\u0000b"',
]

/** A JSON value of the wrong type, at the edges of numbers, deep or huge (up to `maxLength`). */
export function hostileValue(maxLength: number): fc.Arbitrary<unknown> {
  const arrayLengths = [10_000, 100_000].filter((n) => n * 2 <= maxLength)
  return fc.oneof(
    { weight: 5, arbitrary: hostileText(maxLength) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        1.5,
        1e308,
        -1e308,
        Number.MAX_SAFE_INTEGER + 2,
        [],
        {},
        [[[[[]]]]],
        { $gt: '' },
        new RawJson('{"__proto__":{"polluted":true}}'),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON_TOKENS).map((text) => new RawJson(text)) },
    ...arrayLengths.map((n) => ({
      weight: 1,
      arbitrary: fc.constant(new Array<number>(n).fill(0)),
    })),
  )
}

/** For bodies: up to just over the 1 MB body limit. */
export const hostileJsonValue = hostileValue(1_100_000)
/** For URLs: long, yet mostly under the 16 KB Node allows for a request's head. */
export const hostileUrlValue = hostileValue(20_000)

/** JSON text of a value that may hold RawJson tokens. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Bodies that are not JSON, or JSON a parser may choke on. */
export const MALFORMED_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '{"name":',
  '{"name":"a"',
  '[',
  '}',
  'null',
  'true',
  '"text"',
  '1e309',
  'NaN',
  '{name: "a"}',
  "{'name': 'a'}",
  '{"name":"a",}',
  '{"name":"a","name":"b"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\ufeff{"name":"a"}',
  '{"name":"\\ud800"}',
  '{"name":"\\u0000"}',
  '{"name":"\u0000"}',
  '['.repeat(5_000),
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
  '\u0000\u0001\u0002',
  '<?xml version="1.0"?><a/>',
  'name=a&name=b',
]

/** Content types a body may be sent with, right and wrong. */
export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  '',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/jsonx',
  'application/problem+json',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=x',
  ';;;',
  'a/b/c',
]
