import { createHash } from 'node:crypto'
import {
  DOCUMENT_LIMITS,
  EU_DATA_THEMES,
  HARVEST_LIMITS,
  httpUrl,
  MEDIA_TYPES,
  type EuDataTheme,
  type HarvestRefusal,
} from '@dataportaal/contract'
import { licenceUri } from './licences.ts'
import type { HarvestedDistribution, HarvestedRecord } from './record.ts'
import { cut, manyLines, oneLine } from './text.ts'
import type { ThemeVocabulary } from './vocabulary.ts'

/** What a harvested document carries; the `document_links` of one (docs/harvesting.md). */
export const HARVEST_MAPPING_LIMITS = {
  identifierMax: 1000,
  urlMax: HARVEST_LIMITS.urlMax,
  linksMax: 50,
  linkTitleMax: 200,
  formatMax: 60,
  mediaTypeMax: 200,
  themesMax: 10,
} as const

/** Every harvested document is a dataset. */
export const HARVEST_CONTENT_TYPE = 'Dataset'

export interface MappedLink {
  title: string
  url: string
  format: string | null
  mediaType: string | null
  size: number | null
}

/** A record as the portal writes it: everything here is stored, and nothing else. */
export interface MappedItem {
  identifier: string
  title: string
  description: string
  /** A URI of the EU licence list. */
  licence: string
  /** The record's date; null when it gave none (a new document then gets today's). */
  date: string | null
  sourceUrl: string | null
  /** The period it is about (ISO dates), each end when the source gave a real date. */
  temporalStart: string | null
  temporalEnd: string | null
  /** The area it is about, an http(s) IRI. */
  spatial: string | null
  contentType: string
  sourceName: string
  /** Names of portal themes. */
  themes: string[]
  links: MappedLink[]
  /** A hash of all of the above: the same fingerprint means nothing to update. */
  fingerprint: string
}

export type MapOutcome = { item: MappedItem } | { refusal: HarvestRefusal }

/** What one run's mapping remembers from record to record. */
export interface MappingContext {
  vocabulary: ThemeVocabulary
  /** The portal source ("Bron") the documents get. */
  sourceName: string
  /** Identifiers met so far: a second record with one is refused. */
  seen: Set<string>
  /** Themes, keywords and groups no portal theme stands for, by lower-case name. */
  unmapped: Map<string, { name: string; count: number }>
}

export const createMappingContext = (
  vocabulary: ThemeVocabulary,
  sourceName: string,
): MappingContext => ({ vocabulary, sourceName, seen: new Set(), unmapped: new Map() })

const EU_DATA_THEME =
  /^https?:\/\/publications\.europa\.eu\/resource\/authority\/data-theme\/([A-Z_]+)\/?$/i

class Refused extends Error {}

/** An http(s) URL the portal can link to and store (not too long); else undefined. */
function linkableUrl(value: string | null): string | undefined {
  const url = httpUrl(value?.trim())
  return url !== null && url.length <= HARVEST_MAPPING_LIMITS.urlMax ? url : undefined
}

const shown = (value: string) => cut(oneLine(value), 200)

/** The date part of an ISO date or date-time that is a real date; else undefined. */
function datePart(value: string | null): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? '')
  if (!match) return undefined
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = year >= 1000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real ? match[0] : undefined
}

/** A period's ends as real dates; a period that ends before it starts is not taken. */
function periodOf(temporal: HarvestedRecord['temporal']) {
  const start = datePart(temporal?.start ?? null) ?? null
  const end = datePart(temporal?.end ?? null) ?? null
  return start !== null && end !== null && end < start
    ? { temporalStart: null, temporalEnd: null }
    : { temporalStart: start, temporalEnd: end }
}

/** The media type of a format the portal knows by name (CKAN's `CSV` without a mimetype). */
const mediaTypeOfFormat = (format: string): string | undefined =>
  (MEDIA_TYPES as Record<string, string>)[format.toLowerCase()]

function mapLink(distribution: HarvestedDistribution, position: number): MappedLink {
  const name = oneLine(distribution.title ?? distribution.format ?? '') || 'Bestand'
  const url = linkableUrl(distribution.url)
  if (!url) {
    const given = distribution.url?.trim() ? `: ${shown(distribution.url)}` : ''
    throw new Refused(`Ongeldige URL bij bestand ${position + 1} (${shown(name)})${given}`)
  }
  const format = distribution.format ? oneLine(distribution.format) : ''
  const mediaType =
    (distribution.mediaType ? oneLine(distribution.mediaType) : '') ||
    (mediaTypeOfFormat(format) ?? '')
  const size = distribution.size
  return {
    title: cut(name, HARVEST_MAPPING_LIMITS.linkTitleMax),
    url,
    format: format ? cut(format, HARVEST_MAPPING_LIMITS.formatMax) : null,
    mediaType:
      mediaType && mediaType.length <= HARVEST_MAPPING_LIMITS.mediaTypeMax ? mediaType : null,
    size: size !== null && Number.isSafeInteger(size) && size >= 0 ? size : null,
  }
}

/** A word of the source as a portal theme: its name, else the one theme it is a synonym of. */
function themeOf(vocabulary: ThemeVocabulary, word: string): string | undefined {
  const key = word.toLowerCase()
  const named = vocabulary.names.get(key)
  if (named) return named
  const synonymOf = vocabulary.synonyms.get(key)
  return synonymOf?.length === 1 ? synonymOf[0] : undefined
}

function countUnmapped(context: MappingContext, names: Iterable<string>) {
  for (const name of names) {
    const key = name.toLowerCase()
    const entry = context.unmapped.get(key)
    if (entry) entry.count += 1
    else context.unmapped.set(key, { name, count: 1 })
  }
}

/**
 * The portal themes of a record: each keyword and group through the thesaurus; the EU data
 * themes only when those gave none, and only one that exactly one portal theme maps to.
 */
function mapThemes(record: HarvestedRecord, context: MappingContext): string[] {
  const themes = new Set<string>()
  const unmapped = new Map<string, string>()
  for (const word of [...record.keywords, ...record.groups]) {
    const clean = oneLine(word)
    if (!clean) continue
    const theme = themeOf(context.vocabulary, clean)
    if (theme) themes.add(theme)
    else if (!unmapped.has(clean.toLowerCase())) unmapped.set(clean.toLowerCase(), clean)
  }
  const fromWords = themes.size > 0
  for (const iri of record.themeIris) {
    const code = EU_DATA_THEME.exec(iri.trim())?.[1]?.toUpperCase()
    if (!code || !(code in EU_DATA_THEMES)) continue
    const candidates = context.vocabulary.euThemes.get(code) ?? []
    const [only] = candidates
    if (only && candidates.length === 1) {
      if (!fromWords) themes.add(only)
    } else {
      const label = `${EU_DATA_THEMES[code as EuDataTheme]} (EU-datathema)`
      unmapped.set(label.toLowerCase(), label)
    }
  }
  countUnmapped(context, unmapped.values())
  return [...themes].slice(0, HARVEST_MAPPING_LIMITS.themesMax)
}

/**
 * A record without a period or area hashes as before they were read, so documents harvested
 * earlier are not all 'changed' (and an untrusted source's sent back to validation) at once.
 */
const fingerprintOf = ({
  temporalStart,
  temporalEnd,
  spatial,
  ...rest
}: Omit<MappedItem, 'fingerprint'>) => {
  const coverage = temporalStart ?? temporalEnd ?? spatial
  const hashed = coverage === null ? rest : { ...rest, temporalStart, temporalEnd, spatial }
  return createHash('sha256').update(JSON.stringify(hashed)).digest('hex')
}

function mapValidated(
  record: HarvestedRecord,
  identifier: string,
  context: MappingContext,
): MappedItem {
  const title = cut(oneLine(record.title ?? ''), DOCUMENT_LIMITS.titleMax)
  // In characters, as the database counts them: '😀a' is three UTF-16 units but two characters.
  if ([...title].length < DOCUMENT_LIMITS.titleMin) throw new Refused('Geen titel')
  if (!record.licence?.trim()) throw new Refused('Geen licentie')
  const licence = licenceUri(record.licence)
  if (!licence) throw new Refused(`Onbekende licentie: ${shown(record.licence)}`)
  let sourceUrl: string | null = null
  if (record.landingPage?.trim()) {
    sourceUrl = linkableUrl(record.landingPage) ?? null
    if (!sourceUrl) throw new Refused(`Ongeldige URL: ${shown(record.landingPage)}`)
  }
  const links = record.distributions
    .slice(0, HARVEST_MAPPING_LIMITS.linksMax)
    .map((distribution, position) => mapLink(distribution, position))
  const item = {
    identifier,
    title,
    description: cut(manyLines(record.description ?? ''), DOCUMENT_LIMITS.descriptionMax),
    licence,
    date: datePart(record.modified) ?? datePart(record.issued) ?? null,
    sourceUrl,
    ...periodOf(record.temporal),
    spatial: linkableUrl(record.spatial ?? null) ?? null,
    contentType: HARVEST_CONTENT_TYPE,
    sourceName: context.sourceName,
    themes: mapThemes(record, context),
    links,
  }
  return { ...item, fingerprint: fingerprintOf(item) }
}

/**
 * A record as the portal takes it in, or its refusal with the reason (Dutch). `position`
 * (from 0) names a record that has no identifier.
 */
export function mapRecord(
  record: HarvestedRecord,
  context: MappingContext,
  position = 0,
): MapOutcome {
  const identifier = oneLine(record.identifier)
  const title = record.title === null ? null : shown(record.title) || null
  const refuse = (reason: string): MapOutcome => ({
    refusal: {
      identifier: identifier ? shown(identifier) : `record ${position + 1}`,
      title,
      reason,
    },
  })
  if (!identifier) return refuse('Geen identificatie')
  // In bytes: the identifier is a key of a b-tree index, whose entries are bounded in bytes.
  if (Buffer.byteLength(identifier) > HARVEST_MAPPING_LIMITS.identifierMax) {
    return refuse(`Identificatie langer dan ${HARVEST_MAPPING_LIMITS.identifierMax} bytes`)
  }
  if (context.seen.has(identifier)) return refuse('Dubbele identificatie in de bron')
  context.seen.add(identifier)
  try {
    return { item: mapValidated(record, identifier, context) }
  } catch (error) {
    if (error instanceof Refused) return refuse(error.message)
    throw error
  }
}

export interface MappedSource {
  items: MappedItem[]
  refusals: HarvestRefusal[]
  /** Every identifier the source listed, refused ones too: those are not withdrawn. */
  listed: Set<string>
  /** Most frequent first. */
  unmappedThemes: { name: string; count: number }[]
}

/** Maps a whole source's records in one go. */
export function mapRecords(
  records: readonly HarvestedRecord[],
  vocabulary: ThemeVocabulary,
  sourceName: string,
): MappedSource {
  const context = createMappingContext(vocabulary, sourceName)
  const items: MappedItem[] = []
  const refusals: HarvestRefusal[] = []
  for (const [position, record] of records.entries()) {
    const outcome = mapRecord(record, context, position)
    if ('item' in outcome) items.push(outcome.item)
    else refusals.push(outcome.refusal)
  }
  const unmappedThemes = [...context.unmapped.values()].sort(
    (a, b) => b.count - a.count || a.name.localeCompare(b.name, 'nl'),
  )
  return { items, refusals, listed: context.seen, unmappedThemes }
}
