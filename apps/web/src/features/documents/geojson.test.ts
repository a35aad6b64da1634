import type { GeoJsonObject } from 'geojson'
import { describe, expect, it } from 'vitest'
import { isGeoJson, propertyTable, summarizeGeoJson } from './geojson.ts'

const collection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.47, 52.22] },
      properties: { naam: 'Stalling', overdekt: true },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [5.4, 52.2],
            [5.5, 52.2],
            [5.5, 52.3],
            [5.4, 52.2],
          ],
        ],
      },
      properties: { naam: 'Park', oppervlakte: 12 },
    },
    { type: 'Feature', geometry: null, properties: { naam: 'Zonder plek' } },
  ],
} as GeoJsonObject

describe('GeoJSON summary', () => {
  it('counts the drawable features and their bounds', () => {
    const summary = summarizeGeoJson(collection)
    expect(summary.features).toHaveLength(3)
    expect(summary.drawable).toBe(2)
    expect(summary.bbox).toEqual([5.4, 52.2, 5.5, 52.3])
    expect(summary.lonLat).toBe(true)
  })

  it('recognises coordinates that are not longitude and latitude (e.g. RD New)', () => {
    const rd = { type: 'Point', coordinates: [155000, 463000] } as GeoJsonObject
    expect(summarizeGeoJson(rd)).toMatchObject({ drawable: 1, lonLat: false })
  })

  it('accepts only objects with a GeoJSON type', () => {
    expect(isGeoJson(collection)).toBe(true)
    expect(isGeoJson({ type: 'Something' })).toBe(false)
    expect(isGeoJson([1, 2])).toBe(false)
  })

  it('turns properties into a table as text', () => {
    expect(propertyTable(summarizeGeoJson(collection).features, 2)).toEqual({
      header: ['naam', 'overdekt', 'oppervlakte'],
      rows: [
        ['Stalling', 'ja', ''],
        ['Park', '', '12'],
      ],
    })
  })
})
