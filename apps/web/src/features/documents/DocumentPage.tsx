import { usePageTitle } from '../../shared/page-title.ts'

export function DocumentPage() {
  usePageTitle('Document')
  return <h1 className="utrecht-heading-1">Document</h1>
}
