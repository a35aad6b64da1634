import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  fieldErrorsFromProblem,
  hasFieldErrors,
  parseForm,
  unplacedMessages,
  validateWith,
} from './field-errors.ts'

const Schema = z.strictObject({
  title: z.string().trim().min(3, { error: 'Te kort.' }).max(5, { error: 'Te lang.' }),
  themes: z.array(z.string().min(1, { error: 'Leeg thema.' })).default([]),
  fileIds: z.array(z.uuid({ error: 'Geen id.' })).default([]),
})
const FIELDS = ['title', 'themes'] as const

const problem = (errors: { path: string; message: string }[]) => ({
  type: 'about:blank',
  title: 'De invoer voldoet niet aan de regels.',
  status: 422,
  errors,
})

describe('parseForm and validateWith', () => {
  it('give the parsed request when the schema accepts the input', () => {
    expect(parseForm(Schema, { title: ' abc ' }, FIELDS)).toEqual({
      ok: true,
      data: { title: 'abc', themes: [], fileIds: [] },
    })
    expect(validateWith(Schema, { title: 'abc' }, FIELDS)).toEqual({})
  })

  it('give the first message per field, an item of a list counting for its field', () => {
    expect(validateWith(Schema, { title: 'ab', themes: ['a', '', ''] }, FIELDS)).toEqual({
      title: 'Te kort.',
      themes: 'Leeg thema.',
    })
  })

  it('map request names to the form’s fields, and leave out what names none', () => {
    const fields = { title: 'title', fileIds: 'files' } as const
    expect(validateWith(Schema, { title: 'abcdef', fileIds: ['x'], themes: [''] }, fields)).toEqual(
      { title: 'Te lang.', files: 'Geen id.' },
    )
  })
})

describe('fieldErrorsFromProblem', () => {
  it('places a problem’s errors by the field its path names', () => {
    const answer = problem([
      { path: 'body.title', message: 'Vul een titel in.' },
      { path: 'body.title', message: 'Tweede melding.' },
      { path: 'themes.2', message: 'Kies een thema uit de lijst.' },
      { path: 'body', message: 'Onbekend veld.' },
    ])
    expect(fieldErrorsFromProblem(answer, FIELDS)).toEqual({
      title: 'Vul een titel in.',
      themes: 'Kies een thema uit de lijst.',
    })
    expect(unplacedMessages(answer, FIELDS)).toEqual(['Onbekend veld.'])
  })

  it('gives nothing for a problem without a list, or no problem at all', () => {
    expect(fieldErrorsFromProblem(problem([]), FIELDS)).toEqual({})
    expect(fieldErrorsFromProblem(null, FIELDS)).toEqual({})
    expect(hasFieldErrors({})).toBe(false)
    expect(hasFieldErrors({ title: undefined })).toBe(false)
    expect(hasFieldErrors({ title: 'Te kort.' })).toBe(true)
  })

  it('does not take an inherited property name for a field', () => {
    expect(
      fieldErrorsFromProblem(problem([{ path: 'body.constructor', message: 'x' }]), {
        title: 'title',
      }),
    ).toEqual({})
  })
})
