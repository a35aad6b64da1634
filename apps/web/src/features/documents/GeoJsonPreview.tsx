import type { DocumentFile } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import type { GeoJsonObject } from 'geojson'
import type * as Leaflet from 'leaflet'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { apiFetch } from '../../shared/api/client.ts'
import { useConfig } from '../../shared/api/config.ts'
import { formatFileSize } from '../../shared/format.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { documentKeys } from '../../shared/documents/keys.ts'
import { PREVIEW_LIMITS } from '../../shared/documents/file-types.ts'
import { isGeoJson, propertyTable, summarizeGeoJson } from './geojson.ts'
import { drawMap, loadLeaflet } from './leaflet-map.ts'
import { PreviewMessage } from './PreviewMessage.tsx'
import { PreviewTable } from './PreviewTable.tsx'
import { texts } from './texts.ts'

/** A GeoJSON file drawn on a map, with its objects' properties as a table for text readers. */
export function GeoJsonPreview({ file }: { file: DocumentFile }) {
  const tooLarge = file.size > PREVIEW_LIMITS.geojsonBytes
  const query = useQuery({
    queryKey: documentKeys.file(file.url, 'geojson'),
    // A file's content is fetched by the browser, never while the server renders the page.
    meta: { browserOnly: true },
    queryFn: async ({ signal }) => {
      const value: unknown = await (await apiFetch(file.url, { signal })).json()
      if (!isGeoJson(value)) throw new Error('Not a GeoJSON object')
      return value
    },
    enabled: !tooLarge,
    staleTime: Infinity,
    // Megabytes of coordinates: comparing old and new answers deeply would only cost time.
    structuralSharing: false,
  })
  const summary = useMemo(() => (query.data ? summarizeGeoJson(query.data) : null), [query.data])

  if (tooLarge) return <PreviewMessage>{texts.tooLarge(formatFileSize(file.size))}</PreviewMessage>
  if (query.isPending) return <LoadingState label={texts.previewLoading} />
  if (query.isError || !summary) return <PreviewMessage>{texts.previewFailed}</PreviewMessage>
  if (summary.drawable === 0) return <PreviewMessage>{texts.mapEmpty}</PreviewMessage>
  if (!summary.lonLat) return <PreviewMessage>{texts.mapUnsupportedCrs}</PreviewMessage>

  const table = propertyTable(summary.features, PREVIEW_LIMITS.csvRows)
  return (
    <>
      <FeatureMap data={query.data} count={summary.drawable} />
      {table.header.length > 0 && (
        <details className="portal-document-details">
          <summary>{texts.mapTableSummary(table.rows.length, summary.features.length)}</summary>
          <PreviewTable
            label={texts.mapTableCaption}
            caption={texts.mapTableCaption}
            header={table.header}
            rows={table.rows}
          />
        </details>
      )}
    </>
  )
}

function FeatureMap({ data, count }: { data: GeoJsonObject; count: number }) {
  const element = useRef<HTMLDivElement>(null)
  const { map: settings } = useConfig()
  const [failed, setFailed] = useState(false)
  const helpId = useId()

  useEffect(() => {
    let cancelled = false
    let map: Leaflet.Map | undefined
    loadLeaflet()
      .then((L) => {
        if (!cancelled && element.current) map = drawMap(L, element.current, data, settings)
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
      map?.remove()
    }
  }, [data, settings])

  if (failed) return <PreviewMessage>{texts.previewFailed}</PreviewMessage>
  return (
    <figure className="portal-document-map">
      <div
        ref={element}
        className="portal-document-map__canvas"
        role="region"
        aria-label={texts.mapLabel(count)}
        aria-describedby={helpId}
      />
      <figcaption id={helpId} className="portal-document-map__caption">
        {texts.mapLabel(count)}. {texts.mapHelp}
      </figcaption>
    </figure>
  )
}
