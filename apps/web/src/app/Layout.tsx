import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { SearchBar } from '../features/search/SearchBar.tsx'
import { LoadingState } from '../shared/ui/states.tsx'
import { Footer } from './Footer.tsx'
import { TopBar } from './TopBar.tsx'

export const MAIN_ID = 'inhoud'

export function Layout() {
  return (
    <div className="portal-page">
      <a className="portal-skip-link" href={`#${MAIN_ID}`}>
        Direct naar de inhoud
      </a>
      <TopBar />
      <div className="portal-search-band">
        <SearchBar />
      </div>
      <main id={MAIN_ID} className="portal-main" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}
