import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  MULTI_LINE_TEXT,
  multiLineText,
  SINGLE_LINE_TEXT,
  singleLineText,
  TEXT_MESSAGES,
  UploadForm,
} from './index.ts'

/** The rule written out by code point, as the reference the patterns must agree with. */
function refused(codePoint: number, singleLine: boolean): boolean {
  if (singleLine && [0x09, 0x0a, 0x0d, 0x2028, 0x2029].includes(codePoint)) return true
  if (codePoint <= 0x1f) return ![0x09, 0x0a, 0x0d].includes(codePoint)
  if (codePoint >= 0x7f && codePoint <= 0x9f) return true
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return true // alone, without its partner
  return codePoint === 0xfffe || codePoint === 0xffff
}

describe('the text rule', () => {
  it('agrees with the rule written out, for every character of the basic plane', () => {
    const disagreements: string[] = []
    for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
      const text = `a${String.fromCharCode(codePoint)}b`
      for (const singleLine of [false, true]) {
        const pattern = singleLine ? SINGLE_LINE_TEXT : MULTI_LINE_TEXT
        if (pattern.test(text) === refused(codePoint, singleLine)) {
          disagreements.push(`U+${codePoint.toString(16)}${singleLine ? ' (one line)' : ''}`)
        }
      }
    }
    expect(disagreements).toEqual([])
  })

  it('accepts what people type: accents, emoji, quotes, non-breaking spaces', () => {
    for (const text of [
      '',
      'Fietsparkeren Stationsplein',
      'Café “De Pijp” – €12,50',
      'ĳsbaan 🚲👩‍👩‍👧 𝔘',
      'a\u00a0b\u200bc',
      '\ufffd',
    ]) {
      expect(singleLineText().safeParse(text).success, text).toBe(true)
      expect(multiLineText().safeParse(text).success, text).toBe(true)
    }
  })

  it('keeps line breaks and tabs in text of several lines, not in one line', () => {
    const text = 'Eerste regel\r\nTweede\tregel\n\nDerde\u2028regel'
    expect(multiLineText().parse(text)).toBe(text)
    const result = singleLineText().safeParse(text)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.singleLine)
  })

  it('refuses NUL, other control characters, noncharacters and lone surrogates', () => {
    for (const text of [
      'a\u0000',
      '\u0007',
      'a\u000bb',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\ufffe',
      '\uffff',
      '\ud800',
      'a\udc00b',
      '\ude00\ud83d',
    ]) {
      for (const schema of [singleLineText(), multiLineText()]) {
        const result = schema.safeParse(text)
        expect(result.success, JSON.stringify(text)).toBe(false)
      }
    }
    expect(multiLineText().safeParse('\u0000').error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.multiLine,
    )
  })

  it('takes the field’s own messages', () => {
    const schema = singleLineText({ error: 'Vul een naam in.' }, 'Eén regel, graag.')
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Vul een naam in.')
    expect(schema.safeParse('a\nb').error?.issues[0]?.message).toBe('Eén regel, graag.')
  })

  it('stays fast on long text', () => {
    const long = 'tekst met 😀 '.repeat(100_000)
    const started = performance.now()
    expect(MULTI_LINE_TEXT.test(long) && SINGLE_LINE_TEXT.test(long)).toBe(true)
    expect(MULTI_LINE_TEXT.test(`${long}\u0000`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})

/** Every string schema in a JSON Schema document, with where it is. */
function stringsOf(
  schema: unknown,
  at = '',
): Array<{ at: string; schema: Record<string, unknown> }> {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => stringsOf(item, `${at}[${i}]`))
  if (typeof schema !== 'object' || schema === null) return []
  const node = schema as Record<string, unknown>
  const own = node.type === 'string' ? [{ at, schema: node }] : []
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) => stringsOf(value, `${at}.${key}`)),
  ]
}

describe('the upload form, which the OpenAPI document describes only in words', () => {
  it('holds every text field to the rule', () => {
    const strings = stringsOf(z.toJSONSchema(UploadForm, { io: 'input' }))
    expect(strings.length).toBeGreaterThan(5)
    for (const { at, schema } of strings) {
      // An id, a date (digits and dashes only) or a choice from a list holds no free text.
      if (schema.format === 'uuid' || schema.format === 'date' || 'enum' in schema) continue
      expect([SINGLE_LINE_TEXT.source, MULTI_LINE_TEXT.source], at).toContain(schema.pattern)
    }
  })

  it('keeps the line breaks of a description and refuses them in a title', () => {
    const form = { title: 'Bomen', contentTypeName: 'Dataset', sourceFriendlyName: 'Groen' }
    const description = 'Regel één\nRegel twee'
    expect(UploadForm.parse({ ...form, description }).description).toBe(description)
    expect(UploadForm.safeParse({ ...form, title: 'Bo\nmen' }).success).toBe(false)
    expect(UploadForm.safeParse({ ...form, themes: ['Groen\u0000'] }).success).toBe(false)
  })
})
