import { LICENCES } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { aDetail } from '../../test/documents.ts'
import {
  OTHER_LICENSE,
  emptyValues,
  serverFieldErrors,
  toFormData,
  validate,
  valuesOf,
  type UploadLimits,
} from './form-values.ts'
import { OPTIONS, csvFile } from './test-data.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

const LIMITS: UploadLimits = {
  maxUploadMb: 1,
  maxFilesPerRequest: 2,
  fileTypes: OPTIONS.fileTypes,
}

const valid = () => ({
  ...emptyValues(OPTIONS),
  title: 'Afvalinzameling',
  sourceFriendlyName: 'Milieu en Duurzaamheid',
  newFiles: [csvFile()],
})

describe('validate', () => {
  it('accepts a complete form', () => {
    expect(validate(valid(), LIMITS)).toEqual({})
  })

  // The contract's messages are the ones shown; these are the texts users have always seen.
  it.each([
    ['', 'Vul een titel in.'],
    ['   ', 'Vul een titel in.'],
    ['  ab  ', 'Een titel is minstens 3 tekens lang.'],
    ['x'.repeat(201), 'Een titel is hoogstens 200 tekens lang.'],
  ])('checks the title %#', (title, message) => {
    expect(validate({ ...valid(), title }, LIMITS).title).toBe(message)
  })

  it('asks for a content type, a source, and at most 20 themes', () => {
    const errors = validate(
      {
        ...valid(),
        contentTypeName: '',
        sourceFriendlyName: ' ',
        themes: Array.from({ length: 21 }, (_, index) => `Thema ${index}`),
      },
      LIMITS,
    )
    expect(errors).toEqual({
      contentTypeName: 'Kies een soort document.',
      sourceFriendlyName: 'Vul de bron in.',
      themes: 'Kies hoogstens 20 thema’s.',
    })
  })

  it('needs the name of a licence of one’s own, within the contract’s length', () => {
    const other = { ...valid(), license: OTHER_LICENSE }
    expect(validate({ ...other, otherLicense: '' }, LIMITS).license).toBe(
      TEXTS.errors.licenseMissing,
    )
    expect(validate({ ...other, otherLicense: 'x'.repeat(201) }, LIMITS).license).toBe(
      'Een licentie is hoogstens 200 tekens lang.',
    )
  })

  it('allows a description of 10,000 characters, not more', () => {
    expect(validate({ ...valid(), description: 'x'.repeat(10_000) }, LIMITS).description).toBe(
      undefined,
    )
    expect(validate({ ...valid(), description: 'x'.repeat(10_001) }, LIMITS).description).toBe(
      'Een beschrijving is hoogstens 10.000 tekens lang.',
    )
  })

  it('counts all new files together against the size limit', () => {
    const half = () => csvFile('deel.csv', 'x'.repeat(600 * 1024))
    expect(validate({ ...valid(), newFiles: [half(), half()] }, LIMITS).files).toBe(
      TEXTS.errors.filesTooLarge(1),
    )
  })

  it('limits the number of files per request', () => {
    const files = ['a.csv', 'b.csv', 'c.csv'].map((name) => csvFile(name))
    expect(validate({ ...valid(), newFiles: files }, LIMITS).files).toBe(
      TEXTS.errors.filesTooMany(2),
    )
  })
})

describe('valuesOf', () => {
  const ccBy = LICENCES[1]!

  it.each([
    ['its URI', ccBy.uri],
    ['its SPDX id, as stored before the URIs', ccBy.spdx],
    ['its SPDX id in another case', 'cc-by-4.0'],
  ])('chooses a licence of the list stored as %s by its URI', (_, license) => {
    expect(valuesOf(aDetail({ license }))).toMatchObject({ license: ccBy.uri, otherLicense: '' })
  })

  it('takes any other licence as one typed in', () => {
    expect(valuesOf(aDetail({ license: 'Eigen licentie' }))).toMatchObject({
      license: OTHER_LICENSE,
      otherLicense: 'Eigen licentie',
    })
  })

  it('takes the Woo category, or none', () => {
    expect(valuesOf(aDetail({ wooCategory: '014' })).wooCategory).toBe('014')
    expect(valuesOf(aDetail({ wooCategory: null })).wooCategory).toBe('')
  })
})

describe('emptyValues', () => {
  it('chooses the default licence by its URI, also when the server names it by SPDX id', () => {
    expect(emptyValues({ ...OPTIONS, defaultLicense: 'CC0-1.0' }).license).toBe(LICENCES[0]!.uri)
    expect(emptyValues(OPTIONS)).toMatchObject({ license: LICENCES[0]!.uri, wooCategory: '' })
  })
})

describe('toFormData', () => {
  it('sends the chosen licence’s URI, and a Woo category only when one is chosen', () => {
    const none = toFormData(valid())
    expect(none.get('license')).toBe(LICENCES[0]!.uri)
    expect(none.has('wooCategory')).toBe(false)

    const woo = toFormData({ ...valid(), license: LICENCES[2]!.uri, wooCategory: '011' })
    expect(woo.get('license')).toBe(LICENCES[2]!.uri)
    expect(woo.getAll('wooCategory')).toEqual(['011'])
  })

  it('sends a licence typed in, and only kept files as keepFileIds', () => {
    const detail = aDetail({
      license: 'Eigen licentie',
      files: [
        {
          id: 'a3c5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c',
          fileName: 'a.csv',
          mediaType: 'text/csv',
          size: 1,
          sha256: 'a'.repeat(64),
          url: '/x',
        },
      ],
    })
    const values = valuesOf(detail)
    expect(values.license).toBe(OTHER_LICENSE)
    const form = toFormData(
      { ...values, existingFiles: values.existingFiles.map((f) => ({ ...f, keep: false })) },
      detail.contentUID,
    )
    expect(form.get('license')).toBe('Eigen licentie')
    expect(form.has('keepFileIds')).toBe(false)
    expect(form.get('contentUID')).toBe(detail.contentUID)
  })
})

describe('serverFieldErrors', () => {
  it('places errors by the field names in their paths', () => {
    const { fields, general } = serverFieldErrors({
      type: 'about:blank',
      title: 'De invoer voldoet niet aan de regels.',
      status: 422,
      errors: [
        { path: 'body.sourceFriendlyName', message: 'Vul de bron in.' },
        { path: 'keepFileIds.1', message: 'Dit is geen geldig bestand-id.' },
        { path: 'body.wooCategory', message: 'Kies een Woo-informatiecategorie uit de lijst.' },
      ],
    })
    expect(fields).toEqual({
      sourceFriendlyName: 'Vul de bron in.',
      files: 'Dit is geen geldig bestand-id.',
      wooCategory: 'Kies een Woo-informatiecategorie uit de lijst.',
    })
    expect(general).toBeNull()
  })

  it('keeps what names no field, and a 422 without a list, for the summary', () => {
    expect(
      serverFieldErrors({
        type: 'about:blank',
        title: 'Ongeldig',
        status: 422,
        errors: [{ path: 'body', message: 'Onbekend veld: kleur.' }],
      }).general,
    ).toBe('Onbekend veld: kleur.')
    expect(serverFieldErrors({ type: 'about:blank', title: 'Ongeldig', status: 422 }).general).toBe(
      'Ongeldig',
    )
  })
})
