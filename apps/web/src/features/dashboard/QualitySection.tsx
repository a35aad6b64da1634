import { QUALITY_MAX, QUALITY_RATINGS, type CatalogueQuality } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

export const QUALITY_SECTION_TEXTS = {
  heading: 'Kwaliteit metadata per catalogus',
  note: `De score van data.europa.eu (Metadata Quality Assessment, hoogstens ${QUALITY_MAX} punten) van de gepubliceerde documenten.`,
  catalogue: 'Catalogus',
  documents: 'Documenten',
  average: 'Gemiddelde',
  averageOf: (average: number) =>
    `${average.toLocaleString('nl-NL', { maximumFractionDigits: 1 })} van ${QUALITY_MAX}`,
  gapsOf: (catalogue: string) => `Meest voorkomende tekortkomingen in ${catalogue}`,
  gap: (text: string, documents: number) =>
    `${text} (${formatNumber(documents)} ${documents === 1 ? 'document' : 'documenten'})`,
  empty: 'Er zijn nog geen gepubliceerde documenten.',
} as const

const TEXTS = QUALITY_SECTION_TEXTS

/** Per catalogue: the average score, how many documents are in each band, the common gaps. */
export function QualitySection({ quality }: { quality: readonly CatalogueQuality[] | undefined }) {
  if (!quality) return null
  return (
    <section className="portal-dashboard__section" aria-labelledby="kwaliteit-metadata">
      <h2 id="kwaliteit-metadata" className="utrecht-heading-2">
        {TEXTS.heading}
      </h2>
      <p className="utrecht-paragraph portal-dashboard__note">{TEXTS.note}</p>
      {quality.length === 0 ? (
        <p className="utrecht-paragraph">{TEXTS.empty}</p>
      ) : (
        <>
          <div className="portal-dashboard__table">
            <table className="utrecht-table utrecht-table--html-table">
              <caption className="utrecht-table__caption portal-visually-hidden">
                {TEXTS.heading}
              </caption>
              <thead className="utrecht-table__header">
                <tr className="utrecht-table__row">
                  <th className="utrecht-table__header-cell" scope="col">
                    {TEXTS.catalogue}
                  </th>
                  {[
                    TEXTS.documents,
                    TEXTS.average,
                    ...QUALITY_RATINGS.map((band) => band.label),
                  ].map((label) => (
                    <th
                      key={label}
                      className="utrecht-table__header-cell utrecht-table__header-cell--numeric-column"
                      scope="col"
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="utrecht-table__body">
                {quality.map((row) => (
                  <tr key={row.catalogue} className="utrecht-table__row">
                    <th className="utrecht-table__header-cell" scope="row">
                      {row.catalogue}
                    </th>
                    <td className="utrecht-table__cell utrecht-table__cell--numeric-column">
                      {formatNumber(row.documents)}
                    </td>
                    <td className="utrecht-table__cell utrecht-table__cell--numeric-column">
                      {TEXTS.averageOf(row.average)}
                    </td>
                    {QUALITY_RATINGS.map((band) => (
                      <td
                        key={band.rating}
                        className="utrecht-table__cell utrecht-table__cell--numeric-column"
                      >
                        {formatNumber(row.bands[band.rating])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {quality
            .filter((row) => row.gaps.length > 0)
            .map((row) => (
              <div key={row.catalogue}>
                <h3 className="utrecht-heading-3">{TEXTS.gapsOf(row.catalogue)}</h3>
                <ul className="utrecht-unordered-list">
                  {row.gaps.map((gap) => (
                    <li key={gap.metric} className="utrecht-unordered-list__item">
                      {TEXTS.gap(gap.text, gap.documents)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </>
      )}
    </section>
  )
}
