import { useConfig } from '../../shared/api/config.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { ExternalLink } from '../../shared/ui/nlds.ts'

const TEXTS = {
  title: 'Datavraag',
  intro:
    'Zoekt u gegevens die niet op het dataportaal staan? Of heeft u een vraag over een dataset of document? Stel dan een datavraag aan het datateam van de gemeente.',
  whatTitle: 'Wat kunt u vragen?',
  what: [
    'Gegevens die de gemeente heeft maar nog niet publiceert, bijvoorbeeld cijfers over een wijk of een periode.',
    'Uitleg bij een dataset: wat de cijfers betekenen, hoe ze zijn verzameld of hoe vaak ze worden bijgewerkt.',
    'Een ander bestandsformaat of een fout die u in de gegevens hebt gevonden.',
  ],
  notTitle: 'Wat kunt u hier niet vragen?',
  not: 'Vragen over uw persoonlijke situatie, zoals een aanvraag, een melding of een bezwaar. Die stelt u via de website van de gemeente.',
  cityLink: 'Naar de website van de gemeente',
}

/**
 * The data-question page. The form that sends the question to the data team
 * (POST /mail) is added with the data-question feature.
 */
export function DataQuestionPage() {
  usePageTitle(TEXTS.title)
  const { footerLinks } = useConfig()
  return (
    <article className="portal-empty">
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
      <p className="utrecht-paragraph">{TEXTS.not}</p>
      <p className="utrecht-paragraph">
        <ExternalLink href={footerLinks.city} external>
          {TEXTS.cityLink}
        </ExternalLink>
      </p>
    </article>
  )
}
