import { usePageTitle } from '../../shared/page-title.ts'
import { themeHref } from '../../shared/routes.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { BucketLinks } from '../../shared/ui/BucketLinks.tsx'
import { usePublishedThemes } from './api.ts'
import { THEMES_TEXTS as TEXTS } from './texts.ts'

/** /themas: every theme with published documents and how many, each a link to its page. */
export function ThemesPage() {
  usePageTitle(TEXTS.heading)
  const counts = usePublishedThemes()
  const themes = counts.data
  return (
    <div className="portal-themes">
      <h1 className="utrecht-heading-1">{TEXTS.heading}</h1>
      <p className="utrecht-paragraph utrecht-paragraph--lead">{TEXTS.intro}</p>
      {counts.isPending && <LoadingState label={TEXTS.loading} />}
      {counts.isError && <ErrorState title={TEXTS.error} />}
      {themes?.length === 0 && (
        <section className="portal-empty" aria-labelledby="geen-themas">
          <h2 id="geen-themas" className="utrecht-heading-2">
            {TEXTS.emptyHeading}
          </h2>
          <p className="utrecht-paragraph">{TEXTS.emptyBody}</p>
        </section>
      )}
      {themes && themes.length > 0 && <BucketLinks buckets={themes} href={themeHref} />}
    </div>
  )
}
