import {
  DataRequest,
  HONEYPOT_FIELD,
  type DataRequestInput,
  type Problem,
} from '@dataportaal/contract'
import {
  fieldErrorsFromProblem,
  validateWith,
  type FieldErrors as FieldErrorsOf,
} from '../../shared/forms/field-errors.ts'

/** What the form holds, as typed. */
export interface DataQuestionValues {
  name: string
  email: string
  organisation: string
  subject: string
  message: string
  consent: boolean
  /** The honeypot: empty unless a bot filled it in. */
  website: string
}

export type FieldName = 'name' | 'email' | 'organisation' | 'subject' | 'message' | 'consent'

/** The order of the fields on screen: for the error summary and the first field to focus. */
export const FIELD_ORDER: FieldName[] = [
  'name',
  'email',
  'organisation',
  'subject',
  'message',
  'consent',
]

export type FieldErrors = FieldErrorsOf<FieldName>

export const EMPTY_VALUES: DataQuestionValues = {
  name: '',
  email: '',
  organisation: '',
  subject: '',
  message: '',
  consent: false,
  website: '',
}

/** The request as sent; consent unchecked is sent too, and refused with the contract's message. */
export type DataQuestionPayload = Omit<DataRequestInput, 'consent'> & { consent: boolean }

export function toRequest(values: DataQuestionValues): DataQuestionPayload {
  return {
    name: values.name,
    email: values.email,
    ...(values.organisation.trim() ? { organisation: values.organisation } : {}),
    subject: values.subject,
    message: values.message,
    consent: values.consent,
    ...(values.website ? { [HONEYPOT_FIELD]: values.website } : {}),
  }
}

/** The contract's own rules, so the browser says what the server would, field by field. */
export const validate = (values: DataQuestionValues): FieldErrors =>
  validateWith(DataRequest, toRequest(values), FIELD_ORDER)

/** The field errors of the server's 422 (paths like `body.email`). */
export const errorsOfProblem = (problem: Problem | null): FieldErrors =>
  fieldErrorsFromProblem(problem, FIELD_ORDER)

export const hasErrors = (errors: FieldErrors) => FIELD_ORDER.some((field) => errors[field])
