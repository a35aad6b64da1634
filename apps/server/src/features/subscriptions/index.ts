/** What app.ts, job-handlers.ts, maintenance and the publishing code use of subscriptions. */
export { subscriptionRoutes } from './routes.ts'
export { deliverSubscriptionMessageJob } from './delivery-job.ts'
export {
  composeDigests,
  notifySubscribersJob,
  recordDocumentEvent,
  recordDocumentEvents,
} from './notify.ts'
export {
  DELIVER_SUBSCRIPTION_MESSAGE_JOB,
  NOTIFY_SUBSCRIBERS_JOB,
  purgeUnconfirmed,
} from './service.ts'
