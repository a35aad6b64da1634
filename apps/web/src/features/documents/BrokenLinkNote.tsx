import type { LinkCheck } from '@dataportaal/contract'
import { formatDate } from '../../shared/format.ts'
import './broken-link.css'

/** The Dutch texts of the note, together. */
export const BROKEN_LINK_TEXTS = {
  broken: 'Kapot:',
  explanation: (error: string | null, since: string | null) =>
    `deze link werkte bij de laatste drie controles niet${error ? ` (${error})` : ''}${since ? `, sinds ${formatDate(since)}` : ''}. Herstel de link bij de bron; alleen u en beheerders zien deze melding.`,
}

/** What the link checker found of `url`, if it checked it (the owner and admins get them). */
export const checkOf = (checks: LinkCheck[] | undefined, url: string | null) =>
  url === null ? undefined : checks?.find((check) => check.url === url)

/**
 * Beside a link on the document page, for its owner and admins: that it is broken ('kapot'
 * after three failed checks in a row). Nothing for a link that works or is not known yet.
 */
export function BrokenLinkNote({ check }: { check: LinkCheck | undefined }) {
  if (check?.state !== 'kapot') return null
  return (
    <p className="utrecht-paragraph portal-document-file__broken">
      <strong>{BROKEN_LINK_TEXTS.broken}</strong>{' '}
      {BROKEN_LINK_TEXTS.explanation(check.lastError, check.brokenSince)}
    </p>
  )
}
