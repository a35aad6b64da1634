import { SERVER_RENDERED_ATTRIBUTE } from '@dataportaal/contract'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { App, ServerRenderedPortal } from './App.tsx'
import { applyContrast, isContrastStored } from './contrast.tsx'
import { createHydratingRouter } from './router.tsx'
import { hydrateServerData, seedEmployeeQueries } from './server-data.ts'
import { startAuth, type AppStart } from '../shared/auth/start.ts'
import { createQueryClient } from '../shared/api/query-client.ts'

const queryClient = createQueryClient()
const container = document.getElementById('root')!

/** Start-up (spec section 4): runs once (main.tsx), before and outside rendering. */
export function startPortal() {
  applyContrast(isContrastStored())
  const serverRendered =
    container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && hydrateServerData(queryClient, document)
  const start = startAuth(queryClient)
  if (serverRendered) void start.then((started) => hydrateOrRender(start, started))
  else renderInBrowser(start)
}

function renderInBrowser(start: Promise<AppStart>) {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} start={start} />
    </StrictMode>,
  )
}

/**
 * A page the server rendered stays as it is while start-up runs; then the portal takes it
 * over where it is (hydration). The pop-up, a page leaving for sign-in, or a server out of
 * reach replace it instead.
 */
async function hydrateOrRender(start: Promise<AppStart>, started: AppStart) {
  // boot.js hides the page when nothing stored says there is no pop-up; start-up knows now. (A
  // stored sign-in without the flags that go with it needs none: start-up stored them again.)
  document.documentElement.classList.remove('portal-choosing')
  if (started.kind !== 'portal') {
    // Gone at once, before the pop-up (or the message) is drawn: the page never shows.
    container.replaceChildren()
    container.removeAttribute(SERVER_RENDERED_ATTRIBUTE)
    return renderInBrowser(start)
  }
  const signedIn = started.session.getState().authenticated
  if (signedIn) seedEmployeeQueries(queryClient)
  const router = await createHydratingRouter()
  // As a transition: React hydrates in slices and lets the browser answer in between, so
  // taking over the page never blocks a tap for long (the page is already there to read).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <ServerRenderedPortal queryClient={queryClient} session={started.session}>
          <RouterProvider router={router} />
        </ServerRenderedPortal>
      </StrictMode>,
      {
        // A page that differs from the server's is rendered again in the browser; say so,
        // loudly: the journeys fail on any console error (e2e/server-rendering.spec.ts).
        onRecoverableError: (error) => console.error('Hydration: the page differed', error),
      },
    )
  })
  // The server rendered what a visitor sees; a signed-in employee's own answers
  // (favourites, labels, documents only they may see) come from /api now.
  if (signedIn) void queryClient.invalidateQueries()
}
