import { qualityInputOf, scoreQuality, type UploadOptions } from '@dataportaal/contract'
import { COVERAGE_TEXTS as TEXTS } from './coverage-texts.ts'
import { licenseOf, type DocumentFormValues } from './form-values.ts'

/** The media type of a new file: what the browser says, else by its extension. */
function mediaTypeOf(file: File, fileTypes: UploadOptions['fileTypes']) {
  if (file.type) return file.type
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  return fileTypes.find((type) => type.extensions.includes(extension))?.mediaType ?? ''
}

/**
 * 'Kwaliteit metadata: 330 van 405' and what would earn more, computed as the fields are
 * filled with the same function the server answers with (contract scoreQuality).
 */
export function QualityMeter({
  values,
  options,
}: {
  values: DocumentFormValues
  options: Pick<UploadOptions, 'fileTypes' | 'defaultSpatial'>
}) {
  const quality = scoreQuality(
    qualityInputOf({
      themes: values.themes.length,
      temporal:
        values.temporalStart || values.temporalEnd
          ? { start: values.temporalStart || null, end: values.temporalEnd || null }
          : null,
      spatial: values.spatial.trim() || options.defaultSpatial || null,
      licence: licenseOf(values),
      files: [
        ...values.existingFiles
          .filter((existing) => existing.keep)
          .map(({ file }) => ({ mediaType: file.mediaType, size: file.size })),
        ...values.newFiles.map((file) => ({
          mediaType: mediaTypeOf(file, options.fileTypes),
          size: file.size,
        })),
      ],
      links: [],
      source: null,
    }),
  )
  return (
    <section className="portal-quality-meter" aria-labelledby="portal-quality-meter-heading">
      <h2 id="portal-quality-meter-heading" className="utrecht-heading-3">
        {TEXTS.quality}
      </h2>
      <p className="portal-quality-meter__score" aria-live="polite">
        <meter
          min={0}
          max={quality.max}
          low={221}
          high={351}
          optimum={quality.max}
          value={quality.score}
        />{' '}
        <strong>{TEXTS.score(quality.score, quality.max)}</strong> ({TEXTS.ratings[quality.rating]})
      </p>
      <p className="utrecht-form-field-description">{TEXTS.explanation}</p>
      {quality.missing.length === 0 ? (
        <p>{TEXTS.complete}</p>
      ) : (
        <>
          <p>{TEXTS.missing}</p>
          <ul className="portal-quality-meter__missing">
            {quality.missing.map((gap) => (
              <li key={gap.metric}>{TEXTS.gap(gap.text, gap.points)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
