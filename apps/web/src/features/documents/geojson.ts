import { GEOJSON_TYPES } from '@dataportaal/contract'
import type { Feature, GeoJsonObject, Geometry, Position } from 'geojson'

export function isGeoJson(value: unknown): value is GeoJsonObject {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false
  const { type } = value
  return GEOJSON_TYPES.has(String(type))
}

/** The file's features, whatever its top level is: a collection, one feature or a geometry. */
export function featuresOf(data: GeoJsonObject): Feature[] {
  if (data.type === 'FeatureCollection') {
    const features = (data as { features?: unknown }).features
    return Array.isArray(features) ? (features as Feature[]) : []
  }
  if (data.type === 'Feature') return [data as Feature]
  return [{ type: 'Feature', geometry: data as Geometry, properties: {} }]
}

export interface GeoJsonSummary {
  features: Feature[]
  /** Features that have a geometry, i.e. that the map can draw. */
  drawable: number
  /** [west, south, east, north] over every position, or null without any. */
  bbox: [number, number, number, number] | null
  /** True when every position is a longitude and latitude (WGS 84), as GeoJSON requires. */
  lonLat: boolean
}

export function summarizeGeoJson(data: GeoJsonObject): GeoJsonSummary {
  const features = featuresOf(data)
  const box = [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number]
  const visit = ([x, y]: Position) => {
    if (typeof x !== 'number' || typeof y !== 'number') return
    box[0] = Math.min(box[0], x)
    box[1] = Math.min(box[1], y)
    box[2] = Math.max(box[2], x)
    box[3] = Math.max(box[3], y)
  }
  let drawable = 0
  for (const feature of features) {
    if (!feature?.geometry) continue
    drawable += 1
    forEachPosition(feature.geometry, visit)
  }
  const bbox = Number.isFinite(box[0]) ? box : null
  const lonLat =
    bbox !== null && bbox[0] >= -180 && bbox[2] <= 180 && bbox[1] >= -90 && bbox[3] <= 90
  return { features, drawable, bbox, lonLat }
}

function forEachPosition(geometry: Geometry, visit: (position: Position) => void) {
  if (geometry.type === 'GeometryCollection') {
    for (const part of geometry.geometries ?? []) forEachPosition(part, visit)
    return
  }
  const walk = (value: unknown): void => {
    if (!Array.isArray(value)) return
    if (typeof value[0] === 'number') visit(value as Position)
    else for (const item of value) walk(item)
  }
  walk(geometry.coordinates)
}

/** A property value as text for the table and pop-ups: yes/no in Dutch, objects as JSON. */
export function propertyText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'ja' : 'nee'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The first `limit` features' properties as a header and rows, for a text alternative. */
export function propertyTable(features: Feature[], limit: number) {
  const shown = features.slice(0, limit)
  const header: string[] = []
  for (const feature of shown) {
    for (const key of Object.keys(feature?.properties ?? {})) {
      if (!header.includes(key)) header.push(key)
    }
  }
  const rows = shown.map((feature) => header.map((key) => propertyText(feature?.properties?.[key])))
  return { header, rows }
}
