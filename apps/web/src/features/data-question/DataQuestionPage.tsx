import { usePageTitle } from '../../shared/page-title.ts'

export function DataQuestionPage() {
  usePageTitle('Datavraag')
  return <h1 className="utrecht-heading-1">Datavraag</h1>
}
