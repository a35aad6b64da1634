import { FormLabel, Textbox } from '../../shared/ui/nlds.ts'
import { LICENSES } from '../../shared/documents/licenses.ts'
import { FieldError, FieldSet, describedBy } from '../../shared/ui/Field.tsx'
import { LICENSE_CHOICES, OTHER_LICENSE } from './form-values.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** The common open licences as radio buttons, or any other licence typed in. */
export function LicenseField({
  id,
  license,
  otherLicense,
  error,
  onChange,
}: {
  id: string
  license: string
  otherLicense: string
  error?: string
  onChange: (change: { license?: string; otherLicense?: string }) => void
}) {
  const choices = [
    ...LICENSE_CHOICES.map((value) => ({ value, label: LICENSES[value]?.name ?? value })),
    { value: OTHER_LICENSE, label: TEXTS.licenseOther },
  ]
  const otherId = `${id}-other-text`
  const otherChosen = license === OTHER_LICENSE
  return (
    <FieldSet id={id} legend={TEXTS.license} hint={TEXTS.licenseHint} required>
      <ul className="portal-form-choices">
        {choices.map((choice) => {
          const radioId = `${id}-${choice.value}`
          return (
            <li key={choice.value} className="utrecht-form-field utrecht-form-field--radio">
              <input
                type="radio"
                id={radioId}
                name={id}
                value={choice.value}
                className="utrecht-radio-button utrecht-radio-button--html-input utrecht-form-field__input"
                checked={license === choice.value}
                onChange={() => onChange({ license: choice.value })}
              />
              <FormLabel htmlFor={radioId} type="radio" className="utrecht-form-field__label">
                {choice.label}
              </FormLabel>
            </li>
          )
        })}
      </ul>
      {otherChosen && (
        <div className="portal-form-conditional">
          <FormLabel htmlFor={otherId}>{TEXTS.licenseOtherLabel}</FormLabel>
          <Textbox
            id={otherId}
            value={otherLicense}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy(otherId, false, error)}
            onChange={(event) => onChange({ otherLicense: event.target.value })}
          />
          {error && <FieldError id={`${otherId}-error`} message={error} />}
        </div>
      )}
      {!otherChosen && error && <FieldError id={`${id}-error`} message={error} />}
    </FieldSet>
  )
}
