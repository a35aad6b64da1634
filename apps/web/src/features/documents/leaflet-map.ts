import type { Feature, GeoJsonObject } from 'geojson'
import type * as Leaflet from 'leaflet'
import { propertyText } from './geojson.ts'
import { texts } from './texts.ts'

type LeafletModule = typeof Leaflet

/** Leaflet and its CSS, in their own chunk: only pages with a GeoJSON file load them. */
export async function loadLeaflet(): Promise<LeafletModule> {
  const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
  // Leaflet is a CommonJS module: depending on the bundler its API is the default export.
  return (module as { default?: LeafletModule }).default ?? module
}

export interface MapSettings {
  tileUrl: string | null
  attribution: string
}

/**
 * Draws the features on a map in `element`, fitted to their bounds. Without a tile URL the map
 * has no background tiles (tests and closed networks): the shapes alone, on a plain colour.
 */
export function drawMap(
  L: LeafletModule,
  element: HTMLElement,
  data: GeoJsonObject,
  settings: MapSettings,
): Leaflet.Map {
  const map = L.map(element, {
    zoomControl: false,
    attributionControl: false,
    // The page scrolls past the map; the wheel zooms only once the map has focus.
    scrollWheelZoom: false,
    // Fit the features snugly instead of at the next whole zoom level.
    zoomSnap: 0.25,
  })
  try {
    L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map)
    if (settings.tileUrl) {
      L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(map)
      L.control.attribution({ prefix: false }).addTo(map)
    }
    const color =
      getComputedStyle(element).getPropertyValue('--portal-color-primary').trim() || '#1f4e79'
    const layer = L.geoJSON(data, {
      style: () => ({ color, weight: 3, fillColor: color, fillOpacity: 0.2 }),
      pointToLayer: (_feature, latlng) =>
        L.circleMarker(latlng, {
          radius: 7,
          color: '#ffffff',
          weight: 2,
          fillColor: color,
          fillOpacity: 0.9,
        }),
      onEachFeature: (feature, featureLayer) => {
        const popup = popupContent(feature)
        if (popup) featureLayer.bindPopup(popup, { maxHeight: 260 })
      },
    }).addTo(map)
    map.fitBounds(layer.getBounds(), { padding: [24, 24], maxZoom: 17 })
    map.on('focus', () => map.scrollWheelZoom.enable())
    map.on('blur', () => map.scrollWheelZoom.disable())
    map.on('popupopen', (event) => {
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button')
      close?.setAttribute('aria-label', texts.popupClose)
    })
    return map
  } catch (error) {
    map.remove()
    throw error
  }
}

/** A feature's properties as a list, built as DOM nodes so no value is ever read as HTML. */
function popupContent(feature: Feature): HTMLElement | null {
  const entries = Object.entries(feature.properties ?? {}).filter(
    ([, value]) => propertyText(value) !== '',
  )
  if (entries.length === 0) return null
  const list = document.createElement('dl')
  list.className = 'portal-document-map__popup'
  for (const [key, value] of entries.slice(0, 12)) {
    const term = document.createElement('dt')
    term.textContent = key
    const detail = document.createElement('dd')
    detail.textContent = propertyText(value)
    list.append(term, detail)
  }
  return list
}
