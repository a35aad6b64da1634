import { usePageTitle } from '../../shared/page-title.ts'

export function InfoPage() {
  usePageTitle('Veelgestelde vragen')
  return <h1 className="utrecht-heading-1">Veelgestelde vragen</h1>
}
