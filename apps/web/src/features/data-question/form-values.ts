import {
  DataRequest,
  HONEYPOT_FIELD,
  type DataRequestInput,
  type Problem,
} from '@dataportaal/contract'

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

export type FieldErrors = Partial<Record<FieldName, string>>

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

const isField = (name: unknown): name is FieldName =>
  typeof name === 'string' && (FIELD_ORDER as string[]).includes(name)

/** The contract's own rules, so the browser says what the server would, field by field. */
export function validate(values: DataQuestionValues): FieldErrors {
  const result = DataRequest.safeParse(toRequest(values))
  const errors: FieldErrors = {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    const [field] = issue.path
    if (isField(field) && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/** The field errors of the server's 422 (paths like `body.email`). */
export function errorsOfProblem(problem: Problem | null): FieldErrors {
  const errors: FieldErrors = {}
  for (const { path, message } of problem?.errors ?? []) {
    const field = path.split('.')[1]
    if (isField(field) && !errors[field]) errors[field] = message
  }
  return errors
}

export const hasErrors = (errors: FieldErrors) => FIELD_ORDER.some((field) => errors[field])
