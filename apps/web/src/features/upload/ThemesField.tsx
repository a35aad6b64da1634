import { Checkbox, FormLabel } from '../../shared/ui/nlds.ts'
import { FieldSet } from '../../shared/ui/Field.tsx'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** Themes from the vocabulary as checkboxes; a theme the document has but the list lacks stays. */
export function ThemesField({
  id,
  vocabulary,
  value,
  error,
  onChange,
}: {
  id: string
  vocabulary: string[]
  value: string[]
  error?: string
  onChange: (themes: string[]) => void
}) {
  const names = [...vocabulary, ...value.filter((theme) => !vocabulary.includes(theme))]
  const toggle = (theme: string, checked: boolean) =>
    onChange(checked ? [...value, theme] : value.filter((chosen) => chosen !== theme))
  return (
    <FieldSet id={id} legend={TEXTS.themes} hint={TEXTS.themesHint} error={error}>
      {names.length === 0 ? (
        <p className="utrecht-paragraph">{TEXTS.noThemes}</p>
      ) : (
        <ul className="portal-form-choices portal-form-choices--columns">
          {names.map((theme, index) => {
            const checkboxId = `${id}-${index}`
            return (
              <li key={theme} className="utrecht-form-field utrecht-form-field--checkbox">
                <Checkbox
                  id={checkboxId}
                  className="utrecht-form-field__input"
                  checked={value.includes(theme)}
                  invalid={Boolean(error)}
                  onChange={(event) => toggle(theme, event.target.checked)}
                />
                <FormLabel
                  htmlFor={checkboxId}
                  type="checkbox"
                  className="utrecht-form-field__label"
                >
                  {theme}
                </FormLabel>
              </li>
            )
          })}
        </ul>
      )}
    </FieldSet>
  )
}
