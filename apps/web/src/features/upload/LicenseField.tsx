import { LICENCES } from '@dataportaal/contract'
import { FormLabel, Textbox } from '../../shared/ui/nlds.ts'
import { FieldError, FieldSet, describedBy } from '../../shared/ui/Field.tsx'
import { OTHER_LICENSE } from './form-values.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** The licences of the contract's list as radio buttons (by URI), or any other typed in. */
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
  // The element ids take the SPDX id, which is shorter and plainer than the URI.
  const choices = [
    ...LICENCES.map((licence) => ({ value: licence.uri, key: licence.spdx, label: licence.name })),
    { value: OTHER_LICENSE, key: OTHER_LICENSE, label: TEXTS.licenseOther },
  ]
  const otherId = `${id}-other-text`
  const otherChosen = license === OTHER_LICENSE
  return (
    <FieldSet id={id} legend={TEXTS.license} hint={TEXTS.licenseHint} required>
      <ul className="portal-form-choices">
        {choices.map((choice) => {
          const radioId = `${id}-${choice.key}`
          return (
            <li key={choice.key} className="utrecht-form-field utrecht-form-field--radio">
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
