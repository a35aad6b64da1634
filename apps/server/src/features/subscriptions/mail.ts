import { API_PREFIX, SUBSCRIPTION_PAGES, SUBSCRIPTION_PATHS } from '@dataportaal/contract'
import type { SendMailOptions } from 'nodemailer'
import { escapeHtml } from '../../shared/html.ts'

export interface SubscriptionMailSite {
  portalName: string
  publicUrl: string
  from: string
}

export type NoticeLine = {
  documentId: string
  event: 'nieuw' | 'gewijzigd' | 'ingetrokken'
  title: string
}

const EVENT_TEXT = {
  nieuw: 'Nieuw gepubliceerd',
  gewijzigd: 'Gewijzigd',
  ingetrokken: 'Ingetrokken',
} as const

const SUBJECTS = {
  bevestiging: (portal: string) => `Bevestig uw aanmelding bij ${portal}`,
  direct: (portal: string, title: string) => `${portal}: ${title}`,
  dagelijks: (portal: string) => `${portal}: uw dagelijkse overzicht`,
  wekelijks: (portal: string) => `${portal}: uw wekelijkse overzicht`,
}

const pageUrl = (site: SubscriptionMailSite, path: string, token: string) =>
  `${site.publicUrl}${path}?token=${encodeURIComponent(token)}`

function render(
  site: SubscriptionMailSite,
  lines: { text: string; href?: string }[],
  footer: { text: string; href: string }[],
) {
  const text = [
    ...lines.map((line) => (line.href ? `${line.text}\n${line.href}` : line.text)),
    '',
    '-- ',
    ...footer.map((link) => `${link.text}: ${link.href}`),
    site.portalName,
  ].join('\n')
  const html = [
    '<!doctype html><html lang="nl"><body>',
    ...lines.map((line) =>
      line.href
        ? `<p><a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a></p>`
        : `<p>${escapeHtml(line.text)}</p>`,
    ),
    '<hr>',
    ...footer.map(
      (link) =>
        `<p><small><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></small></p>`,
    ),
    `<p><small>${escapeHtml(site.portalName)}</small></p>`,
    '</body></html>',
  ].join('\n')
  return { text, html }
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || 'localhost'

/** The confirmation: nothing else is sent until its link is followed. */
export function confirmationMail(
  site: SubscriptionMailSite,
  message: { id: string; to: string; confirmToken: string; what: string },
): SendMailOptions {
  const link = pageUrl(site, SUBSCRIPTION_PAGES.confirm, message.confirmToken)
  const { text, html } = render(
    site,
    [
      { text: `U hebt zich aangemeld om ${message.what} te volgen via e-mail.` },
      { text: 'Bevestig uw aanmelding met deze link (48 uur geldig):' },
      { text: 'Aanmelding bevestigen', href: link },
      {
        text: 'Hebt u zich niet aangemeld? Dan hoeft u niets te doen; uw adres wordt na 48 uur vergeten.',
      },
    ],
    [],
  )
  return {
    from: { name: site.portalName, address: site.from },
    to: message.to,
    subject: SUBJECTS.bevestiging(site.portalName),
    messageId: `<volgen-${message.id}@${domainOf(site.from)}>`,
    text,
    html,
  }
}

/**
 * A message about documents, direct or a digest: a link per document, and the RFC 8058
 * one-click unsubscribe (a POST to the List-Unsubscribe URL ends the subscriptions in it)
 * and the manage page.
 */
export function noticeMail(
  site: SubscriptionMailSite,
  message: {
    id: string
    to: string
    kind: 'direct' | 'dagelijks' | 'wekelijks'
    notices: NoticeLine[]
    unsubscribeToken: string
    manageToken: string
  },
): SendMailOptions {
  const oneClick = `${site.publicUrl}${API_PREFIX.public}${SUBSCRIPTION_PATHS.unsubscribe}?token=${encodeURIComponent(message.unsubscribeToken)}`
  const lines = message.notices.map((notice) => ({
    text: `${EVENT_TEXT[notice.event]}: ${notice.title}`,
    href: `${site.publicUrl}/documenten/${encodeURIComponent(notice.documentId)}`,
  }))
  const { text, html } = render(
    site,
    [
      {
        text:
          message.kind === 'direct'
            ? 'Er is iets veranderd dat u volgt:'
            : `Wat er veranderde in wat u volgt (${message.notices.length}):`,
      },
      ...lines,
    ],
    [
      {
        text: 'Afmelden',
        href: pageUrl(site, SUBSCRIPTION_PAGES.unsubscribe, message.unsubscribeToken),
      },
      {
        text: 'Al uw aanmeldingen beheren',
        href: pageUrl(site, SUBSCRIPTION_PAGES.manage, message.manageToken),
      },
    ],
  )
  return {
    from: { name: site.portalName, address: site.from },
    to: message.to,
    subject:
      message.kind === 'direct'
        ? SUBJECTS.direct(site.portalName, message.notices[0]?.title ?? '')
        : SUBJECTS[message.kind](site.portalName),
    messageId: `<volgen-${message.id}@${domainOf(site.from)}>`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text,
    html,
  }
}
