import { usePageTitle } from '../../shared/page-title.ts'

export function SearchPage() {
  usePageTitle('Zoeken')
  return <h1 className="utrecht-heading-1">Zoekresultaten</h1>
}
