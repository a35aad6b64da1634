import { DOCUMENT_LIMITS, HARVEST_LIMITS, httpUrl, VOCABULARY_LIMITS } from '@dataportaal/contract'
import { licenceUri } from '../licences.ts'
import { HARVEST_MAPPING_LIMITS } from '../map.ts'
import type { HarvestedDistribution, HarvestedRecord } from '../record.ts'
import { cut, manyLines, oneLine } from '../text.ts'

/**
 * A record cut, in the collecting thread, to what the mapper (map.ts) can use of it, so a
 * source's megabytes of description never reach the server's thread: the thread sends every
 * record in one message, and 40 descriptions of 5 MB would arrive as 200 MB (400 MB as
 * JavaScript strings). The limits are the stored ones (the contract's, the mapper's, the
 * database's checks), and the mapper maps a cut record exactly as the whole one:
 *
 * - text the portal stores cut (a title, a description, a file's title) is cleaned and cut
 *   as the mapper does, which changes nothing when the mapper does it again;
 * - text the mapper refuses when it is too long (an identifier, a media type) is cut to just
 *   over its limit, so it is still refused, quoting the same first 200 characters; a long
 *   URL or licence that it refuses is cut so that it is still refused and quoted alike;
 * - text it only compares (a keyword, a date) is cut well beyond the longest value it is
 *   compared with; files past the most a document holds are dropped.
 *
 * Only the report can differ: a keyword of more than 240 characters, which names no theme,
 * is listed there cut.
 */

/**
 * Cut to this, a longer value stays longer than `max`: cut() ends in '…' and may drop half a
 * surrogate pair and a trailing space, so it keeps `max + 1` characters at the least.
 */
const overLimit = (max: number) => max + 3

/** Theme names are 60 characters at most; lower-cased, as they are compared, at most twice that. */
const WORD_BOUND = VOCABULARY_LIMITS.nameMax * 4
/** The mapper reads a date's first ten characters (2024-05-01); a date-time is 35 at most. */
const DATE_BOUND = 64

/** `value` cleaned with the mapper's own function and cut; null stays null. */
const bounded = <T extends string | null>(value: T, clean: (text: string) => string, max: number) =>
  (value === null ? null : cut(clean(value), max)) as T

/** The mapper trims what it compares (a date) before it does. */
const trimmed = (text: string) => text.trim()

const URL_BOUND = overLimit(HARVEST_LIMITS.urlMax)

/**
 * A value the mapper refuses, cut: still refused (no URL or licence has a NUL after its first
 * character), and quoted alike in the report (the mapper's cleaning drops the NUL again).
 */
function refusedAlike(text: string): string {
  const quoted = cut(oneLine(text), URL_BOUND)
  const [first = ''] = quoted
  return `${first}\u0000${quoted.slice(first.length)}`
}

/**
 * A URL as the mapper reads it (trimmed, through the URL parser, at most 2,000 characters).
 * A longer text is the address the parser makes of it when that is short enough (it drops
 * tabs and line breaks), and refused alike otherwise.
 */
function boundUrl(value: string | null): string | null {
  if (value === null) return null
  const text = value.trim()
  if (text.length <= URL_BOUND) return text
  const url = httpUrl(text)
  return url !== null && url.length <= HARVEST_LIMITS.urlMax ? url : refusedAlike(text)
}

/** A licence longer than any the portal knows by name or URL is refused alike. */
function boundLicence(value: string | null): string | null {
  if (value === null) return null
  const text = value.trim()
  if (text.length <= URL_BOUND || licenceUri(text) !== undefined) return text
  return refusedAlike(text)
}

function boundDistribution(distribution: HarvestedDistribution): HarvestedDistribution {
  return {
    title: bounded(distribution.title, oneLine, HARVEST_MAPPING_LIMITS.linkTitleMax),
    url: boundUrl(distribution.url),
    // A format is also a file's title when it has none: kept to the longer of the two.
    format: bounded(
      distribution.format,
      oneLine,
      Math.max(HARVEST_MAPPING_LIMITS.formatMax, HARVEST_MAPPING_LIMITS.linkTitleMax),
    ),
    mediaType: bounded(
      distribution.mediaType,
      oneLine,
      overLimit(HARVEST_MAPPING_LIMITS.mediaTypeMax),
    ),
    size: distribution.size,
  }
}

export function boundRecord(record: HarvestedRecord): HarvestedRecord {
  return {
    // Refused over 1000 bytes; more characters than that are more bytes.
    identifier: cut(oneLine(record.identifier), overLimit(HARVEST_MAPPING_LIMITS.identifierMax)),
    title: bounded(record.title, oneLine, DOCUMENT_LIMITS.titleMax),
    description: bounded(record.description, manyLines, DOCUMENT_LIMITS.descriptionMax),
    keywords: record.keywords.map((word) => cut(oneLine(word), WORD_BOUND)),
    themeIris: record.themeIris.map((iri) => cut(iri.trim(), URL_BOUND)),
    groups: record.groups.map((group) => cut(oneLine(group), WORD_BOUND)),
    licence: boundLicence(record.licence),
    modified: bounded(record.modified, trimmed, DATE_BOUND),
    issued: bounded(record.issued, trimmed, DATE_BOUND),
    landingPage: boundUrl(record.landingPage),
    distributions: record.distributions
      .slice(0, HARVEST_MAPPING_LIMITS.linksMax)
      .map(boundDistribution),
  }
}
