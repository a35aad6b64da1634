import { usePageTitle } from '../../shared/page-title.ts'
import { Accordion } from '../../shared/ui/Accordion.tsx'
import { FAQ_GROUPS } from './faq.tsx'

const TEXTS = {
  title: 'Veelgestelde vragen',
  intro:
    'Antwoorden op de meest gestelde vragen over het dataportaal. Klik op een vraag om het antwoord te lezen.',
}

export function InfoPage() {
  usePageTitle(TEXTS.title)
  return (
    <article className="portal-info">
      <h1 className="utrecht-heading-1">{TEXTS.title}</h1>
      <p className="utrecht-paragraph utrecht-paragraph--lead">{TEXTS.intro}</p>
      {FAQ_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h2 className="utrecht-heading-2">{group.title}</h2>
          <Accordion items={group.items} headingLevel={3} />
        </section>
      ))}
    </article>
  )
}
