import { WOO_CATEGORIES, wooCategoryLabel, type WooCategory } from '@dataportaal/contract'
import { Field, describedBy } from '../../shared/ui/Field.tsx'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** The Woo information category, if any: the 17 of the Woo in the order of the law. */
export function WooCategoryField({
  id,
  value,
  error,
  onChange,
}: {
  id: string
  value: WooCategory | ''
  error?: string
  onChange: (value: WooCategory | '') => void
}) {
  return (
    <Field id={id} label={TEXTS.wooCategory} hint={TEXTS.wooCategoryHint} error={error}>
      <select
        id={id}
        className={`utrecht-select utrecht-select--html-select${error ? ' utrecht-select--invalid' : ''}`}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, true, error)}
        onChange={(event) => onChange(event.target.value as WooCategory | '')}
      >
        <option value="">{TEXTS.wooCategoryNone}</option>
        {WOO_CATEGORIES.map(({ code }) => (
          <option key={code} value={code}>
            {wooCategoryLabel(code)}
          </option>
        ))}
      </select>
    </Field>
  )
}
