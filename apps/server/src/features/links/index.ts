/**
 * The link checker's public interface (issue 32): the state of URLs for the quality score,
 * and the parts app.ts, job-handlers.ts and main.ts put together.
 */
export { checkLinksJob, linkCheckerUserAgent, scrubFilesJob } from './job.ts'
export { CHECK_LINKS_JOB, queueDueRound, SCRUB_FILES_JOB } from './round.ts'
export { linkRoutes } from './routes.ts'
export { linkStates } from './states.ts'
