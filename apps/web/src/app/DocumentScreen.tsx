import type { DocumentDetail } from '@dataportaal/contract'
import { FavoriteToggle } from '../shared/documents/FavoriteToggle.tsx'
import { ClassificationEditor } from '../features/classification/ClassificationEditor.tsx'
import { DocumentPage } from '../features/documents/DocumentPage.tsx'
import { HistorySections } from '../features/history/HistorySections.tsx'
import type { DocumentSlots } from '../features/documents/DocumentView.tsx'
import { DocumentOwnerActions } from '../features/my-documents/DocumentOwnerActions.tsx'
import { PrivacySection } from '../features/privacy/PrivacySection.tsx'
import { RatingInput } from '../features/ratings/RatingInput.tsx'
import { EditResultBanner } from '../features/upload/EditResultBanner.tsx'

/** What the other features add to a document's page; each shows nothing a viewer may not use. */
const documentSlots = (detail: DocumentDetail): DocumentSlots => ({
  header: (
    <>
      <FavoriteToggle document={detail} variant="labelled" />
      <EditResultBanner contentUID={detail.contentUID} />
      <DocumentOwnerActions detail={detail} />
      <PrivacySection detail={detail} />
    </>
  ),
  rating: <RatingInput document={detail} />,
  aside: <ClassificationEditor document={detail} />,
  footer: <HistorySections contentUID={detail.contentUID} />,
})

/**
 * /documenten/:contentId as the app shows it: the documents feature's page, with the
 * favourite, edit, rating and classification features plugged into its slots.
 */
export function DocumentScreen() {
  return <DocumentPage slots={documentSlots} />
}
