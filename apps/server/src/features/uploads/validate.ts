import { UPLOAD_FIELDS, UploadForm } from '@dataportaal/contract'
import type { z } from 'zod'
import { InvalidInputError, type FieldError } from '../../shared/errors.ts'

export type FieldErrors = FieldError[]

const REPEATED = new Set<string>([UPLOAD_FIELDS.themes, UPLOAD_FIELDS.keepFileIds])

/** 422 with an error per form field (named as in UploadForm; the form counts as the body). */
export const invalidInput = (errors: readonly FieldError[]) =>
  new InvalidInputError('De invoer voldoet niet aan de regels.', errors)

/** The value of a field sent at most once; empty counts as not sent. */
export function singleValue(fields: Record<string, string[]>, name: string): string | undefined {
  const values = (fields[name] ?? []).filter((value) => value.trim() !== '')
  if (values.length > 1) {
    throw invalidInput([{ field: name, message: 'Stuur dit veld maar één keer.' }])
  }
  return values[0]
}

function toErrors(error: z.ZodError): FieldErrors {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: key, message: 'Onbekend veld.' }))
    }
    const [name, index] = issue.path
    return [
      {
        field: String(name),
        message:
          index === undefined ? issue.message : `${issue.message} (${Number(index) + 1}e waarde)`,
      },
    ]
  })
}

/**
 * The form fields as the contract's UploadForm, or 422 with an error per field. Fields
 * left empty count as not sent; `themes` and `keepFileIds` may be repeated, others not.
 */
export function parseUploadFields(fields: Record<string, string[]>): UploadForm {
  const input: Record<string, unknown> = {}
  const errors: FieldErrors = []
  for (const [name, values] of Object.entries(fields)) {
    const present = values.filter((value) => value.trim() !== '')
    if (REPEATED.has(name)) input[name] = present
    else if (present.length > 1) {
      errors.push({ field: name, message: 'Stuur dit veld maar één keer.' })
    } else if (present.length === 1) input[name] = present[0]
  }
  const parsed = UploadForm.safeParse(input)
  if (!parsed.success) errors.push(...toErrors(parsed.error))
  if (errors.length > 0 || !parsed.success) throw invalidInput(errors)
  return parsed.data
}
