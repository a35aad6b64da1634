import { apiPaths, periodOfTables, TableInfo } from '@dataportaal/contract'
import { useQueries } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'
import { Field, FieldSet, describedBy } from '../../shared/ui/Field.tsx'
import { Button, Textbox } from '../../shared/ui/nlds.ts'
import { COVERAGE_TEXTS as TEXTS } from './coverage-texts.ts'
import type { DocumentFormValues, ExistingFile } from './form-values.ts'

type Coverage = Pick<DocumentFormValues, 'temporalStart' | 'temporalEnd' | 'spatial'>

/**
 * The period and the area a document is about (dct:temporal, dct:spatial). In an edit, the
 * period is suggested from the date columns of the document's loaded tables.
 */
export function CoverageFields({
  id,
  documentId,
  values,
  existingFiles,
  defaultSpatial,
  errors,
  onChange,
}: {
  id: { temporal: string; spatial: string }
  documentId: string | undefined
  values: Coverage
  existingFiles: ExistingFile[]
  defaultSpatial: string | undefined
  errors: { temporal?: string | undefined; spatial?: string | undefined }
  onChange: (next: Partial<Coverage>, field: 'temporal' | 'spatial') => void
}) {
  const suggestion = useTablePeriod(documentId, existingFiles)
  const filled = values.temporalStart !== '' || values.temporalEnd !== ''
  return (
    <>
      <FieldSet
        id={id.temporal}
        legend={TEXTS.temporal}
        hint={TEXTS.temporalHint}
        error={errors.temporal}
      >
        <div className="portal-coverage__dates">
          <label className="portal-coverage__date">
            <span>{TEXTS.temporalStart}</span>
            <input
              id={`${id.temporal}-start`}
              type="date"
              className="utrecht-textbox utrecht-textbox--html-input"
              value={values.temporalStart}
              aria-invalid={Boolean(errors.temporal)}
              onChange={(event) => onChange({ temporalStart: event.target.value }, 'temporal')}
            />
          </label>
          <label className="portal-coverage__date">
            <span>{TEXTS.temporalEnd}</span>
            <input
              id={`${id.temporal}-end`}
              type="date"
              className="utrecht-textbox utrecht-textbox--html-input"
              value={values.temporalEnd}
              aria-invalid={Boolean(errors.temporal)}
              onChange={(event) => onChange({ temporalEnd: event.target.value }, 'temporal')}
            />
          </label>
        </div>
        {suggestion && !filled && (
          <p className="portal-coverage__suggestion">
            {TEXTS.suggestion(suggestion.start, suggestion.end)}{' '}
            <Button
              type="button"
              appearance="secondary-action-button"
              onClick={() =>
                onChange(
                  { temporalStart: suggestion.start, temporalEnd: suggestion.end },
                  'temporal',
                )
              }
            >
              {TEXTS.useSuggestion}
            </Button>
          </p>
        )}
      </FieldSet>
      <Field
        id={id.spatial}
        label={TEXTS.spatial}
        hint={<span className="portal-coverage__hint">{TEXTS.spatialHint(defaultSpatial)}</span>}
        error={errors.spatial}
      >
        <Textbox
          id={id.spatial}
          type="url"
          value={values.spatial}
          placeholder={defaultSpatial}
          invalid={Boolean(errors.spatial)}
          aria-invalid={Boolean(errors.spatial)}
          aria-describedby={describedBy(id.spatial, true, errors.spatial)}
          autoComplete="off"
          onChange={(event) => onChange({ spatial: event.target.value }, 'spatial')}
        />
      </Field>
    </>
  )
}

/** The period of the date columns of the kept files' loaded tables (edit only), if any. */
function useTablePeriod(documentId: string | undefined, existingFiles: ExistingFile[]) {
  const tables = documentId
    ? existingFiles.flatMap(({ file, keep }) =>
        keep
          ? (file.tables ?? [])
              .filter((table) => table.loadStatus === 'geladen')
              .map((table) => ({ fileId: file.id, sheet: table.sheet }))
          : [],
      )
    : []
  const infos = useQueries({
    queries: tables.map(({ fileId, sheet }) => ({
      queryKey: ['upload', 'table-period', documentId, fileId, sheet],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(TableInfo, apiPaths.fileTable(documentId!, fileId), {
          query: { sheet },
          signal,
        }),
      staleTime: 5 * 60_000,
    })),
  })
  return periodOfTables(infos.map((info) => info.data?.schema ?? null))
}
