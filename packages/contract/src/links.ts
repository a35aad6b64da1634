import { z } from 'zod'

/**
 * What the link checker (issue 32) knows of an external URL the portal publishes: answered
 * at its last check, broken in three checks in a row, or not (yet) checked.
 */
export const LINK_STATES = ['ok', 'kapot', 'onbekend'] as const
export const LinkState = z.enum(LINK_STATES)
export type LinkState = z.infer<typeof LinkState>

/** Checks in a row that must fail before a link counts as broken ('kapot'). */
export const LINK_BROKEN_AFTER = 3

/**
 * The one rule of a URL's state, from what its checks recorded: broken after
 * LINK_BROKEN_AFTER failures in a row, 'ok' after a good last check, else not known yet.
 */
export function linkStateOf(check: { failuresInARow: number; checked: boolean }): LinkState {
  if (check.failuresInARow >= LINK_BROKEN_AFTER) return 'kapot'
  if (check.failuresInARow === 0 && check.checked) return 'ok'
  return 'onbekend'
}

/** What the last check of a URL found, for those who can act on it (owner, admins). */
export const LinkCheck = z
  .object({
    url: z.string(),
    state: LinkState,
    lastStatus: z
      .number()
      .int()
      .nullable()
      .describe('HTTP status of the last check; null when no answer came'),
    lastError: z.string().nullable().describe('Why the last check failed, in Dutch'),
    lastCheckedAt: z.string().nullable(),
    brokenSince: z
      .string()
      .nullable()
      .describe('The first of the failed checks in a row; null when the last check was good'),
  })
  .meta({ id: 'LinkCheck' })
export type LinkCheck = z.infer<typeof LinkCheck>

/** Where a document shows a URL: a harvested distribution, or the page at its source. */
export const LINK_PLACES = ['bestand', 'bronpagina'] as const
export const LinkPlace = z.enum(LINK_PLACES)
export type LinkPlace = z.infer<typeof LinkPlace>

const ReportDocument = z.object({ contentUID: z.uuid(), title: z.string() })

/** A broken URL on one document, as /validatie lists it. */
export const BrokenLink = LinkCheck.extend({
  document: ReportDocument,
  place: LinkPlace,
}).meta({ id: 'BrokenLink' })
export type BrokenLink = z.infer<typeof BrokenLink>

/** What the scrub found of a stored file: gone, or its bytes no longer its SHA-256. */
export const FILE_PROBLEMS = ['ontbreekt', 'gewijzigd'] as const
export const FileProblem = z.enum(FILE_PROBLEMS)
export type FileProblem = z.infer<typeof FileProblem>

export const DamagedFile = z
  .object({
    document: ReportDocument,
    fileId: z.uuid(),
    fileName: z.string(),
    sha256: z.string(),
    problem: FileProblem,
    since: z.string().describe('The first scrub that found the problem'),
    lastCheckedAt: z.string(),
  })
  .meta({ id: 'DamagedFile' })
export type DamagedFile = z.infer<typeof DamagedFile>

/** The most the report lists of each; `linksTotal` and `filesTotal` count them all. */
export const LINK_REPORT_LIMIT = 200

/** GET /links/report (admins): the broken links and damaged files, newest problem first. */
export const LinkReport = z
  .object({
    links: z.array(BrokenLink),
    linksTotal: z.number().int().nonnegative(),
    files: z.array(DamagedFile),
    filesTotal: z.number().int().nonnegative(),
    lastLinkCheckAt: z.string().nullable().describe('When any link was last checked'),
    lastScrubAt: z.string().nullable().describe('When any stored file was last checked'),
  })
  .meta({ id: 'LinkReport' })
export type LinkReport = z.infer<typeof LinkReport>
