import { useConfig } from '../../shared/api/config.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { ExternalLink } from '../../shared/ui/nlds.ts'
import { DataQuestionForm } from './DataQuestionForm.tsx'
import { DATA_QUESTION_TEXTS as TEXTS } from './texts.ts'
import './data-question.css'

/**
 * /datavraag (declared twice in the router, as help-contact and as contact): what one can
 * ask the data team, and the form that sends the question (POST /mail).
 */
export function DataQuestionPage() {
  usePageTitle(TEXTS.title)
  const { footerLinks } = useConfig()
  return (
    <article className="portal-data-question">
      <h1 className="utrecht-heading-1">{TEXTS.title}</h1>
      <p className="utrecht-paragraph utrecht-paragraph--lead">{TEXTS.intro}</p>
      <h2 className="utrecht-heading-2">{TEXTS.whatTitle}</h2>
      <ul className="utrecht-unordered-list">
        {TEXTS.what.map((item) => (
          <li key={item} className="utrecht-unordered-list__item">
            {item}
          </li>
        ))}
      </ul>
      <h2 className="utrecht-heading-2">{TEXTS.notTitle}</h2>
      <p className="utrecht-paragraph">
        {TEXTS.not}{' '}
        <ExternalLink href={footerLinks.city} external>
          {TEXTS.cityLink}
        </ExternalLink>
      </p>
      <DataQuestionForm />
    </article>
  )
}
