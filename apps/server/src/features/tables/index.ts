/** The tables feature's public interface (issue 31): loading tables and the Data API. */
export {
  enqueueTableLoads,
  LOAD_TABLES_JOB,
  loadTablesJob,
  reloadInterruptedTables,
  type LoadTables,
} from './load-job.ts'
export { tableRoutes } from './routes.ts'
