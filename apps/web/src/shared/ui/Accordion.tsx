import { useId, useState, type ReactNode } from 'react'
import { ChevronIcon } from './icons.tsx'

export interface AccordionItem {
  title: string
  content: ReactNode
}

/**
 * The NL Design System accordion (its class names; no React package exists on the
 * registry): each header is a button with aria-expanded that shows or hides its panel.
 */
export function Accordion({
  items,
  headingLevel = 2,
}: {
  items: AccordionItem[]
  headingLevel?: 2 | 3
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())
  const baseId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(index)) next.delete(index)
      else next.add(index)
      return next
    })

  return (
    <div className="utrecht-accordion">
      {items.map((item, index) => {
        const expanded = open.has(index)
        const buttonId = `${baseId}-knop-${index}`
        const panelId = `${baseId}-paneel-${index}`
        return (
          <section key={item.title} className="utrecht-accordion__section">
            <Heading className="utrecht-accordion__header">
              <button
                type="button"
                id={buttonId}
                className="utrecht-accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <ChevronIcon
                  className={`portal-icon utrecht-accordion__button-icon${expanded ? ' portal-accordion__icon--open' : ''}`}
                />
                {item.title}
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="utrecht-accordion__panel"
              hidden={!expanded}
            >
              {item.content}
            </div>
          </section>
        )
      })}
    </div>
  )
}
