import { usePageTitle } from '../../shared/page-title.ts'

export function HomePage() {
  usePageTitle(null)
  return <h1 className="utrecht-heading-1">Welkom</h1>
}
