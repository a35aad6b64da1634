/**
 * What a service can say went wrong, in the domain's words. Services throw these and know
 * nothing of HTTP; `http/errors.ts` is the one place that turns them into problem+json.
 */

/** A field of the request and what is wrong with it; the field as the contract names it. */
export interface FieldError {
  field: string
  message: string
}

abstract class DomainError extends Error {
  constructor(
    readonly detail: string,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(detail)
    this.name = new.target.name
  }
}

/** The thing does not exist, or the viewer may not know it does. */
export class NotFoundError extends DomainError {
  constructor(detail = 'Dit document bestaat niet of u mag het niet zien.') {
    super(detail)
  }
}

/** The viewer is known but the policy refuses the action. */
export class ForbiddenError extends DomainError {}

/** The input breaks a rule the schema cannot express (an unknown theme, a name in use). */
export class InvalidInputError extends DomainError {}

/** The state changed under the caller (a concurrent edit, a decision already taken). */
export class ConflictError extends DomainError {}

/** A file or request is larger than the portal accepts. */
export class TooLargeError extends DomainError {}

/** A file's type is not one the portal accepts. */
export class UnsupportedTypeError extends DomainError {}

export type { DomainError }

/** Whether `error` is one of the errors above (for the one place that maps them). */
export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError

export const fieldError = (field: string, message: string): FieldError => ({ field, message })
