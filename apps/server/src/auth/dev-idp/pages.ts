import type { DemoAccount } from './accounts.ts'

/** Where the pages' own style sheet and script are served; nothing inline, so a strict CSP holds. */
export const ASSET_PATHS = {
  style: '/oidc/assets/dev-idp.css',
  logoutScript: '/oidc/assets/logout.js',
} as const

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )

const TEXTS = {
  provider: 'Ontwikkel-identiteitsprovider',
  signInHeading: 'Inloggen bij de ontwikkel-identiteitsprovider',
  developmentOnly:
    'Alleen voor ontwikkelen en testen: u kiest een demo-account, zonder wachtwoord. In productie logt u in met het werkaccount van de gemeente.',
  chooseAccount: 'Kies een account',
  employee: 'Medewerker',
  admin: 'Beheerder',
  cancel: 'Annuleren',
  signOutHeading: 'Uitloggen',
  signingOut: 'U wordt uitgelogd.',
  signOut: 'Uitloggen',
  signedOutHeading: 'U bent uitgelogd',
  signedOut: 'U bent uitgelogd bij de ontwikkel-identiteitsprovider.',
  backToPortal: 'Terug naar het portaal',
  errorHeading: 'Inloggen is niet gelukt',
  errorIntro: 'De ontwikkel-identiteitsprovider kon dit verzoek niet afhandelen.',
} as const

interface Layout {
  portalName: string
  title: string
  body: string
  script?: string
}

function page({ portalName, title, body, script }: Layout) {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} | ${escape(TEXTS.provider)}</title>
<link rel="icon" href="/logo.svg">
<link rel="stylesheet" href="${ASSET_PATHS.style}">
${script ? `<script src="${script}" defer></script>\n` : ''}</head>
<body>
<header><p class="portal">${escape(portalName)}</p><p class="provider">${TEXTS.provider}</p></header>
<main>
${body}
</main>
</body>
</html>`
}

export function signInPage(options: {
  portalName: string
  uid: string
  accounts: DemoAccount[]
  adminGroup: string
}) {
  const action = `/oidc/interaction/${encodeURIComponent(options.uid)}`
  const accounts = options.accounts
    .map((account) => {
      const role = account.groups.includes(options.adminGroup) ? TEXTS.admin : TEXTS.employee
      const described = `account-${account.username}`
      return `<li>
<button type="submit" name="account" value="${escape(account.username)}" aria-describedby="${described}">${escape(account.signInLabel)}</button>
<p id="${described}">${escape(account.name)} (${escape(role.toLowerCase())}), ${escape(account.email)}</p>
</li>`
    })
    .join('\n')
  return page({
    portalName: options.portalName,
    title: TEXTS.signInHeading,
    body: `<h1>${TEXTS.signInHeading}</h1>
<p class="note">${TEXTS.developmentOnly}</p>
<form method="post" action="${action}/login">
<fieldset>
<legend>${TEXTS.chooseAccount}</legend>
<ul class="accounts">
${accounts}
</ul>
</fieldset>
</form>
<form method="post" action="${action}/abort">
<button type="submit" class="secondary">${TEXTS.cancel}</button>
</form>`,
  })
}

/**
 * The logout page. `form` is the provider's (hidden) form to its confirm endpoint; the
 * page's own script submits it at once, so signing out needs no click. Without script
 * the button does the same.
 */
export function signOutPage(options: { portalName: string; form: string }) {
  const formId = /id="([^"]+)"/.exec(options.form)?.[1] ?? 'op.logoutForm'
  return page({
    portalName: options.portalName,
    title: TEXTS.signOutHeading,
    script: ASSET_PATHS.logoutScript,
    body: `<h1>${TEXTS.signOutHeading}</h1>
<p>${TEXTS.signingOut}</p>
${options.form}
<input type="hidden" form="${escape(formId)}" name="logout" value="yes">
<button type="submit" form="${escape(formId)}">${TEXTS.signOut}</button>`,
  })
}

export function signedOutPage(options: { portalName: string; portalUrl: string }) {
  return page({
    portalName: options.portalName,
    title: TEXTS.signedOutHeading,
    body: `<h1>${TEXTS.signedOutHeading}</h1>
<p>${TEXTS.signedOut}</p>
<p><a href="${escape(options.portalUrl)}">${TEXTS.backToPortal}</a></p>`,
  })
}

export function errorPage(options: {
  portalName: string
  portalUrl: string
  error: string
  description?: string | undefined
}) {
  return page({
    portalName: options.portalName,
    title: TEXTS.errorHeading,
    body: `<h1>${TEXTS.errorHeading}</h1>
<p>${TEXTS.errorIntro}</p>
<dl>
<dt>Fout</dt><dd><code>${escape(options.error)}</code></dd>
${options.description ? `<dt>Toelichting</dt><dd>${escape(options.description)}</dd>` : ''}
</dl>
<p><a href="${escape(options.portalUrl)}">${TEXTS.backToPortal}</a></p>`,
  })
}

export const STYLE_SHEET = `:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f3f5f8; }
body { margin: 0; }
header { background: #00436e; color: #fff; padding: 0.75rem 1.5rem; display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem; }
header p { margin: 0; }
.portal { font-weight: 700; }
main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #c8d1dc; }
h1 { font-size: 1.5rem; margin-top: 0; }
.note { border-left: 4px solid #b45309; background: #fff7ed; padding: 0.5rem 0.75rem; }
fieldset { border: 0; margin: 0; padding: 0; }
legend { font-weight: 700; margin-bottom: 0.5rem; }
.accounts { list-style: none; margin: 0 0 1rem; padding: 0; }
.accounts li { margin-bottom: 1rem; }
.accounts p { margin: 0.25rem 0 0; color: #4a4a4a; }
button { font: inherit; font-weight: 700; padding: 0.6rem 1.2rem; border: 2px solid #00436e; background: #00436e; color: #fff; cursor: pointer; min-width: 16rem; }
button.secondary { background: #fff; color: #00436e; min-width: 0; }
button:hover { background: #002f4d; border-color: #002f4d; }
button.secondary:hover { background: #e8eef4; }
button:focus-visible, a:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
a { color: #00436e; }
dt { font-weight: 700; }
dd { margin: 0 0 0.5rem; }
`

/** Sends the logout form as soon as the page is read; see signOutPage. */
export const LOGOUT_SCRIPT = `'use strict'
document.addEventListener('DOMContentLoaded', function () {
  var form = document.forms[0]
  if (form) form.submit()
})
`
