import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, use, useEffect, useState, type ReactNode } from 'react'
import { RouterProvider } from 'react-router'
import { AuthProvider } from '../shared/auth/AuthContext.tsx'
import type { AuthSession } from '../shared/auth/session.ts'
import type { AppStart } from '../shared/auth/start.ts'
import { Button } from '../shared/ui/nlds.ts'
import { ErrorState, LoadingState } from '../shared/ui/states.tsx'
import { FirstVisitDialog } from './first-visit.tsx'
import { createRouter } from './router.tsx'

/**
 * The app renders only after start-up has decided who the user is (spec section 4): the
 * first-visit pop-up, the portal, or nothing while the page leaves for the identity
 * provider. `start` is begun before the first render (main.tsx), so it runs once.
 */
export function App({
  queryClient,
  start,
}: {
  queryClient: QueryClient
  start: Promise<AppStart>
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Loading />}>
        <Started start={start} />
      </Suspense>
    </QueryClientProvider>
  )
}

/**
 * The portal of a page the server rendered: the same tree on the server
 * (entry-server.tsx) and in the browser that hydrates it (main.tsx), with the same
 * elements and Suspense boundary as the app rendered in the browser alone.
 */
export function ServerRenderedPortal({
  queryClient,
  session,
  children,
}: {
  queryClient: QueryClient
  session: AuthSession
  /** The router: static on the server, the browser's router in the browser. */
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Loading />}>
        <AuthProvider session={session}>{children}</AuthProvider>
        <HydrationMark />
      </Suspense>
    </QueryClientProvider>
  )
}

/**
 * Marks the page as taken over by the browser, for the journeys and anyone checking.
 * Part of the tree on both sides, so the tree's shape (and every useId) is the same.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true'
  }, [])
  return null
}

const Loading = () => <LoadingState label="Het dataportaal wordt geladen…" />

function Started({ start }: { start: Promise<AppStart> }) {
  const started = use(start)
  switch (started.kind) {
    case 'portal':
      return (
        <AuthProvider session={started.session}>
          <Portal />
        </AuthProvider>
      )
    case 'choose':
      return <FirstVisitDialog />
    case 'leaving':
      return <Loading />
    case 'unavailable':
      return <Unavailable />
  }
}

function Portal() {
  const [router] = useState(createRouter)
  return <RouterProvider router={router} />
}

function Unavailable() {
  return (
    <main className="portal-main">
      <ErrorState title="Het dataportaal is nu niet bereikbaar.">
        <p className="utrecht-paragraph">Probeer het over een paar minuten opnieuw.</p>
        <Button appearance="primary-action-button" onClick={() => window.location.reload()}>
          Opnieuw proberen
        </Button>
      </ErrorState>
    </main>
  )
}
