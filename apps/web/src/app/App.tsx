import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { RouterProvider } from 'react-router'
import { createQueryClient } from '../shared/api/query-client.ts'
import { LoadingState } from '../shared/ui/states.tsx'
import { FirstVisitDialog, needsFirstVisitChoice } from './first-visit.tsx'
import { createRouter } from './router.tsx'

/**
 * The app renders only after start-up has decided who the user is (spec section 4):
 * without a stored choice that is the first-visit pop-up, otherwise the portal.
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  const [router] = useState(createRouter)
  const [askChoice] = useState(needsFirstVisitChoice)
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<LoadingState label="Het dataportaal wordt geladen…" />}>
        {askChoice ? <FirstVisitDialog /> : <RouterProvider router={router} />}
      </Suspense>
    </QueryClientProvider>
  )
}
