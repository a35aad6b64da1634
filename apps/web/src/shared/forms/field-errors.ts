import type { Problem } from '@dataportaal/contract'
import type { z } from 'zod'

/**
 * Every form of the app checks its input in two places with one set of rules: in the browser
 * with the contract's schema, and on the server, whose 422/409 lists the same messages by path
 * (`body.title`, `themes.2`). Both end up here as one message per field, the first one found.
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

/**
 * Which form field a path is about: the first segment that names one. A zod issue's path
 * starts at the field (`['themes', 2]`); a problem's adds where it was sent (`body.title`).
 * `fields` maps the request's names to the form's, e.g. `keepFileIds` to `files`.
 */
export type FieldNames<Field extends string> = readonly Field[] | Readonly<Record<string, Field>>

function fieldOf<Field extends string>(
  segments: readonly PropertyKey[],
  fields: FieldNames<Field>,
): Field | undefined {
  for (const segment of segments) {
    if (typeof segment !== 'string') continue
    if (Array.isArray(fields)) {
      if ((fields as readonly string[]).includes(segment)) return segment as Field
    } else if (Object.hasOwn(fields, segment)) {
      return (fields as Readonly<Record<string, Field>>)[segment]
    }
  }
  return undefined
}

const problemMessages = (problem: Problem | null | undefined) =>
  (problem?.errors ?? []).map(({ path, message }) => ({ path: path.split('.'), message }))

function collect<Field extends string>(
  messages: Iterable<{ path: readonly PropertyKey[]; message: string }>,
  fields: FieldNames<Field>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {}
  for (const { path, message } of messages) {
    const field = fieldOf(path, fields)
    if (field !== undefined && errors[field] === undefined) errors[field] = message
  }
  return errors
}

/** A form's input checked: the request to send, or why not, per field. */
export type FormCheck<Data, Field extends string> =
  { ok: true; data: Data } | { ok: false; errors: FieldErrors<Field> }

/** The contract's schema run in the browser: what the server would say, field by field. */
export function parseForm<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  input: unknown,
  fields: FieldNames<Field>,
): FormCheck<z.output<Schema>, Field> {
  const result = schema.safeParse(input)
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: collect(result.error.issues, fields) }
}

/** Only the messages of `parseForm`, for forms that send their values as they are. */
export function validateWith<Field extends string>(
  schema: z.ZodType,
  input: unknown,
  fields: FieldNames<Field>,
): FieldErrors<Field> {
  const checked = parseForm(schema, input, fields)
  return checked.ok ? {} : checked.errors
}

/** The field errors of a problem+json answer; messages about no field of the form are left out. */
export function fieldErrorsFromProblem<Field extends string>(
  problem: Problem | null | undefined,
  fields: FieldNames<Field>,
): FieldErrors<Field> {
  return collect(problemMessages(problem), fields)
}

/** The problem's messages about no field of the form, for a message above it. */
export function unplacedMessages<Field extends string>(
  problem: Problem | null | undefined,
  fields: FieldNames<Field>,
): string[] {
  return problemMessages(problem)
    .filter(({ path }) => fieldOf(path, fields) === undefined)
    .map(({ message }) => message)
}

export const hasFieldErrors = (errors: FieldErrors<string>) =>
  Object.values(errors).some((message) => message !== undefined)
