import type { Ref } from 'react'
import { Link } from 'react-router'
import { VALIDATION_TEXTS as TEXTS } from './texts.ts'
import { validationHref, type ValidationView } from '../../shared/routes.ts'

const VIEWS: readonly ValidationView[] = ['openstaand', 'goedgekeurd', 'afgekeurd', 'verwijderd']

/**
 * The heading of /validatie and its lists as tabs: real links, so every list can be opened
 * in a new tab or bookmarked. The heading takes the focus when the content under it changes.
 */
export function ValidationHeader({
  current,
  ref,
}: {
  current: ValidationView
  ref?: Ref<HTMLHeadingElement>
}) {
  return (
    <>
      <h1 ref={ref} tabIndex={-1} className="utrecht-heading-1">
        {TEXTS.heading}
      </h1>
      <p className="utrecht-paragraph portal-validation__intro">{TEXTS.intro}</p>

      <nav aria-label={TEXTS.tabsLabel} className="portal-validation-tabs">
        <ul>
          {VIEWS.map((tab) => (
            <li key={tab}>
              <Link
                className="portal-validation-tabs__link"
                to={validationHref(tab)}
                aria-current={tab === current ? 'page' : undefined}
              >
                {TEXTS.tabs[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  )
}
