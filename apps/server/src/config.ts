import { isIP } from 'node:net'
import path from 'node:path'
import { TABLE_LIMITS } from '@dataportaal/contract'
import { z } from 'zod'
import {
  checkFileStoreEnv,
  FILE_STORE_ENV,
  toFileStoreConfig,
} from './storage/file-store-config.ts'

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  )

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'true' || value === '1')

const optionalUrl = z.url().optional()

/** proxy-addr's names for address ranges (Fastify's trustProxy): 127/8 and ::1, 169.254/16, private. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function isProxyAddress(entry: string) {
  if (PROXY_RANGE_NAMES.includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  )
}

/**
 * Whose X-Forwarded-For to believe: nobody (false), the last n hops, or these proxies.
 * `true` is refused: it believes anyone, so each visitor could pick the address the
 * per-address limits count.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const trimmed = value.trim()
    if (trimmed === 'false' || trimmed === '0') return false
    if (trimmed === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would believe an X-Forwarded-For from anyone, so every visitor could choose their own address; name the proxies (addresses or CIDRs, comma-separated) or the hop count (the number of proxies in front, e.g. 1)',
      })
      return z.NEVER
    }
    if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed)
    const entries = trimmed
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0)
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, a hop count (1, 2, …), or comma-separated proxy addresses or CIDRs (10.0.0.5, 10.0.0.0/8, loopback, uniquelocal)',
      })
      return z.NEVER
    }
    return entries
  })

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  // /readyz answers 503 below this much free space on DATA_DIR's disk (0: no check).
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_048_576).default(256),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  OIDC_AUTHORITY: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).default('dataportaal'),
  // The built-in identity provider on a PUBLIC_URL that is not loopback (auth/dev-idp/refused.ts).
  DEV_IDP: flag('false'),
  TRUST_PROXY: trustProxy,
  ADMIN_GROUPS: commaList,
  ADMIN_EMAILS: commaList,
  DEV_IDP_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  DATA_REQUEST_TO: z.email().default('data@voorbeeldstad.nl'),
  MAIL_FROM: z.email().optional(),
  DATA_REQUEST_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(15),
  DATA_REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  SERVICE_DESK_URL: optionalUrl,
  PORTAL_NAME: z.string().min(1).max(80).default('Dataportaal Voorbeeldstad'),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(100),
  // Text extraction runs in a worker thread with these bounds (docs/operations.md).
  EXTRACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EXTRACTION_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(256),
  EXTRACTION_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(4096).default(100),
  EXTRACTION_MAX_PDF_PAGES: z.coerce.number().int().min(1).max(100_000).default(1000),
  // Tables (issue 31): loaded up to so many rows (cut past it) and columns (not loaded past it).
  TABLE_MAX_ROWS: z.coerce.number().int().min(1).max(100_000_000).default(TABLE_LIMITS.maxRows),
  TABLE_MAX_COLUMNS: z.coerce.number().int().min(1).max(1_500).default(TABLE_LIMITS.maxColumns),
  // A round of link checks and the file scrub this often (0: never); docs/operations.md.
  LINK_CHECK_INTERVAL_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
  // Renewed every quarter while a job runs: how long a dead node's job waits (jobs/worker.ts).
  JOB_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(60),
  // Past a year, so the dashboard's longest period (365 days) is always complete.
  OPEN_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  SEARCH_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  SEARCH_LOG_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  // Answers kept per node for repeated searches, until the catalogue changes (0: none).
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1000),
  // Visitors' searches on the entries kept in memory (docs/search.md, "In memory").
  SEARCH_IN_MEMORY: flag('true'),
  // Searches and suggestions one client may ask per node: a bucket of BURST, refilled per minute (0: off).
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
  SEARCH_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(10_000).default(10),
  // Four eyes: an admin may decide on their own upload only when the city has one admin.
  ALLOW_SELF_VALIDATION: flag('false'),
  // Deleted documents can be restored this long; then the maintenance job purges them.
  DELETED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Days an earlier version of a file is kept after it was replaced or removed; 0: always.
  VERSION_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(0),
  FOOTER_PRIVACY_URL: z.url().default('https://www.voorbeeldstad.nl/privacy'),
  FOOTER_DISCLAIMER_URL: z.url().default('https://www.voorbeeldstad.nl/disclaimer'),
  FOOTER_ACCESSIBILITY_URL: z.url().default('https://www.voorbeeldstad.nl/toegankelijkheid'),
  FOOTER_CITY_URL: z.url().default('https://www.voorbeeldstad.nl'),
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https:\/\/.*\{z\}.*\{x\}.*\{y\}/,
      'must be an https URL template with {z}, {x} and {y}',
    )
    .optional(),
  MAP_ATTRIBUTION: z.string().max(300).default(''),
  // The DCAT-AP-NL catalogue (/catalogus): who publishes it and whom to ask (docs/configuration.md).
  PUBLISHER_URI: z
    .url({
      protocol: /^https$/,
      error:
        'must be an https URI, the TOOI identifier of the organisation (https://identifier.overheid.nl/tooi/id/gemeente/gm0363)',
    })
    .default('https://identifier.overheid.nl/tooi/id/gemeente/gm9999'),
  PUBLISHER_NAME: z.string().trim().min(1).max(200).optional(),
  SPATIAL_URI: z
    .url({
      protocol: /^https?$/,
      error:
        'must be an http(s) URI of the area the catalogue is about, e.g. https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
    })
    .max(500)
    .optional(),
  CONTACT_NAME: z.string().trim().min(1).max(200).default('Team Open Data'),
  CONTACT_EMAIL: z.email().optional(),
  CONTACT_PHONE: z
    .string()
    .regex(
      /^\+?[0-9][0-9 ()-]{4,24}$/,
      'must be a telephone number, e.g. +31 20 123 4567 or 14 020',
    )
    .optional(),
  CATALOGUE_TITLE: z.string().trim().min(1).max(200).optional(),
  CATALOGUE_DESCRIPTION: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .default('De open data van de gemeente: datasets, kaarten en dashboards, met hun bestanden.'),
  DEMO_CONTENT: flag('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  // A 100 MB upload at 1 Mbit/s takes about 14 minutes; slower clients must be cut off.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  // Above a 60 s load balancer idle timeout: the proxy, not the portal, closes idle connections.
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  MAX_DB_WAITING_QUERIES: z.coerce.number().int().min(0).max(100_000).default(100),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // Prometheus metrics: a port of their own, or the main port behind a token (docs/operations.md).
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters, e.g. the output of `openssl rand -hex 32`')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (a bearer token)')
    .optional(),
  // On SIGTERM: /readyz answers 503 this long, serving on, so a load balancer stops sending.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  // Where files are kept: DATA_DIR/files, or an Azure Blob Storage container (docs/operations.md).
  ...FILE_STORE_ENV,
})

export type Config = ReturnType<typeof toConfig>

/** npm runs workspace scripts in the workspace folder; paths are meant from where it was called. */
export const callerDir = () => process.env.INIT_CWD ?? process.cwd()

function toConfig(env: z.infer<typeof EnvSchema>) {
  const port = env.PORT
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port,
    publicUrl,
    dataDir: path.resolve(callerDir(), env.DATA_DIR),
    dataDirMinFreeMb: env.DATA_DIR_MIN_FREE_MB,
    databaseUrl: env.DATABASE_URL,
    oidc: { authority: env.OIDC_AUTHORITY, clientId: env.OIDC_CLIENT_ID },
    devIdp: { allowedOffLoopback: env.DEV_IDP, tokenTtlSeconds: env.DEV_IDP_TOKEN_TTL_SECONDS },
    trustProxy: env.TRUST_PROXY,
    adminGroups: env.ADMIN_GROUPS,
    adminEmails: env.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    smtpUrl: env.SMTP_URL,
    dataRequestTo: env.DATA_REQUEST_TO,
    dataRequests: {
      mailFrom: env.MAIL_FROM ?? `noreply@${new URL(publicUrl).hostname}`,
      maxAttempts: env.DATA_REQUEST_MAX_ATTEMPTS,
      ratePerHour: env.DATA_REQUEST_RATE_LIMIT,
    },
    serviceDeskUrl: env.SERVICE_DESK_URL ?? null,
    portalName: env.PORTAL_NAME,
    maxUploadMb: env.MAX_UPLOAD_MB,
    extraction: {
      timeoutMs: env.EXTRACTION_TIMEOUT_SECONDS * 1000,
      memoryMb: env.EXTRACTION_MEMORY_MB,
      maxEntryBytes: env.EXTRACTION_MAX_UNPACKED_MB * 1024 * 1024,
      maxPdfPages: env.EXTRACTION_MAX_PDF_PAGES,
    },
    tables: { maxRows: env.TABLE_MAX_ROWS, maxColumns: env.TABLE_MAX_COLUMNS },
    jobs: { leaseMs: env.JOB_LEASE_SECONDS * 1000 },
    linkCheck: { intervalHours: env.LINK_CHECK_INTERVAL_HOURS },
    activityLogs: {
      openRetentionDays: env.OPEN_LOG_RETENTION_DAYS,
      searchRetentionDays: env.SEARCH_LOG_RETENTION_DAYS,
      searchesPerClientPerHour: env.SEARCH_LOG_LIMIT_PER_HOUR,
    },
    validation: { allowSelfValidation: env.ALLOW_SELF_VALIDATION },
    search: {
      cacheEntries: env.SEARCH_CACHE_ENTRIES,
      inMemory: env.SEARCH_IN_MEMORY,
      rateLimit: {
        perMinute: env.SEARCH_RATE_LIMIT_PER_MINUTE,
        burst: env.SEARCH_RATE_LIMIT_BURST,
      },
    },
    deletedRetentionDays: env.DELETED_RETENTION_DAYS,
    versionRetentionDays: env.VERSION_RETENTION_DAYS,
    footerLinks: {
      privacy: env.FOOTER_PRIVACY_URL,
      disclaimer: env.FOOTER_DISCLAIMER_URL,
      accessibility: env.FOOTER_ACCESSIBILITY_URL,
      city: env.FOOTER_CITY_URL,
    },
    map: { tileUrl: env.MAP_TILE_URL ?? null, attribution: env.MAP_ATTRIBUTION },
    catalogue: {
      title: env.CATALOGUE_TITLE ?? `Datacatalogus ${env.PORTAL_NAME}`,
      description: env.CATALOGUE_DESCRIPTION,
      publisher: { uri: env.PUBLISHER_URI, name: env.PUBLISHER_NAME ?? env.PORTAL_NAME },
      // The area of a document that names none: the city itself, its TOOI URI by default.
      spatial: env.SPATIAL_URI ?? env.PUBLISHER_URI,
      contact: {
        name: env.CONTACT_NAME,
        email: env.CONTACT_EMAIL ?? env.DATA_REQUEST_TO,
        phone: env.CONTACT_PHONE ?? null,
      },
    },
    demoContent: env.DEMO_CONTENT,
    logLevel: env.LOG_LEVEL,
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    overload: {
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
      maxDbWaitingQueries: env.MAX_DB_WAITING_QUERIES,
      retryAfterSeconds: env.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    metrics: {
      port: env.METRICS_PORT ?? null,
      host: env.METRICS_HOST,
      token: env.METRICS_TOKEN ?? null,
    },
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    fileStore: toFileStoreConfig(env, path.join(path.resolve(callerDir(), env.DATA_DIR), 'files')),
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(callerDir(), env.WEB_DIST_DIR)
      : path.join(import.meta.dirname, '..', '..', 'web', 'dist'),
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads the environment; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = EnvSchema.refine((env) => !(env.DEV_IDP && env.OIDC_AUTHORITY), {
    path: ['DEV_IDP'],
    message:
      'must not be true when OIDC_AUTHORITY is set: employees sign in with one or the other; unset one of them',
  })
    .refine((env) => env.METRICS_PORT !== env.PORT, {
      path: ['METRICS_PORT'],
      message: 'must differ from PORT: metrics get a port of their own, off the public one',
    })
    .superRefine(checkFileStoreEnv)
    .safeParse(present)
  if (!parsed.success) {
    // Only the name: the value may be a password (DATABASE_URL, SMTP_URL) and logs are read widely.
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return toConfig(parsed.data)
}

/**
 * Start-up errors and logs may quote a connection URL; its user and password stay out, and
 * so does its query string: a container URL may carry a SAS token (`?sv=…&sig=…`).
 */
export const maskUrlCredentials = (text: string) =>
  text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]+@/gi, '$1***@')
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#'"`<>]*)\?[^\s#'"`<>]+/gi, '$1?***')
