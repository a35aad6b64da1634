import { PrivacyReview } from '../features/privacy/PrivacyReview.tsx'
import { PublishedWithFindings } from '../features/privacy/PublishedWithFindings.tsx'
import { ValidationPage, type ValidationSlots } from '../features/validation/ValidationPage.tsx'

/** What the other features add to /validatie: the personal-data check and its review. */
const validationSlots: ValidationSlots = {
  top: <PublishedWithFindings />,
  item: (document, actions) => (
    <PrivacyReview
      document={document}
      canReview={!document.selfValidationBlocked}
      onReviewed={actions.refresh}
      onMustGo={actions.disapprove}
    />
  ),
}

/** /validatie as the app shows it: the validation feature's page with the privacy feature in it. */
export function ValidationScreen() {
  return <ValidationPage slots={validationSlots} />
}
