/** The personal-data check's public interface (issue 32): findings, review, the approval rule. */
export { privacyAdditions } from './additions.ts'
export { assertPrivacyChecked, PrivacyApprovalBlocked, recordBlockedApproval } from './review.ts'
export { privacyRoutes } from './routes.ts'
export { realScanner, type PrivacyScanner } from './scanner.ts'
export { requestPrivacyScans, SCAN_PRIVACY_JOB, scanPrivacyJob } from './scan-job.ts'
