import { Field, describedBy } from './Field.tsx'

/**
 * A textarea in its field, the hint followed by how many characters are left of `limit`
 * (counted without the white space around the text, as the contract counts them).
 * `charactersLeft` is the screen's Dutch sentence for the count, negative when over.
 */
export function CountedTextarea({
  id,
  label,
  hint,
  error,
  required = false,
  value,
  limit,
  charactersLeft,
  onChange,
}: {
  id: string
  label: string
  hint: string
  error?: string
  required?: boolean
  value: string
  limit: number
  charactersLeft: (left: number) => string
  onChange: (value: string) => void
}) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      required={required}
      hint={
        <>
          {hint}{' '}
          <span className="portal-character-count">
            {charactersLeft(limit - value.trim().length)}
          </span>
        </>
      }
    >
      <textarea
        id={id}
        className={`utrecht-textarea utrecht-textarea--html-textarea${error ? ' utrecht-textarea--invalid' : ''}`}
        rows={8}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, true, error)}
        aria-required={required || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  )
}
