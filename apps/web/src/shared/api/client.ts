import { API_PREFIX, Problem, fetchWithRetry } from '@dataportaal/contract'
import type { z } from 'zod'
import { readStorage } from '../storage.ts'

export type QueryValue = string | number | boolean | readonly string[] | null | undefined
export type QueryParams = Record<string, QueryValue>

/** One total time limit per call, over all its retries. */
const REQUEST_TIMEOUT_MS = 30_000

/** A failed call: the status and, when the server sent one, its problem details. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.title ?? `HTTP ${status}`)
  }
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/** Signed in means the stored flag is exactly 'true' (spec section 6). */
export const isSignedIn = () => readStorage('authenticated') === 'true'

export const apiPrefix = () => (isSignedIn() ? API_PREFIX.authenticated : API_PREFIX.public)

/**
 * What to do when /api refuses the token (expired, revoked). Registered by the sign-in
 * set-up, so this module needs no import of it.
 */
let onUnauthorized: (() => void) | null = null

export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler
}

/**
 * Where calls go: the browser's fetch, or, while the server renders a page, the server's
 * own routes in the same process (app/entry-server.tsx).
 */
let fetchSource: () => typeof fetch = () => fetch

export function setFetchSource(source: () => typeof fetch) {
  fetchSource = source
}

/** Arrays become repeated parameters (spec section 7); empty values are left out. */
export function toSearchParams(query: QueryParams = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const item of value) params.append(name, item)
    else params.append(name, String(value))
  }
  return params
}

export function apiUrl(path: string, query?: QueryParams, prefix: string = apiPrefix()): string {
  const params = toSearchParams(query).toString()
  return `${prefix}${path}${params ? `?${params}` : ''}`
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: QueryParams
  body?: BodyInit
  /** A JSON body: sent as a string with its content type (instead of `body`). */
  json?: unknown
  signal?: AbortSignal
  /** Defaults to /api when signed in, else /pubapi. */
  prefix?: string
  /** Headers of this call on top of those of every call; sent unchanged on every retry. */
  headers?: Record<string, string>
}

/** The headers of every call: JSON accepted and, on /api, the bearer token from storage. */
export function requestHeaders(prefix: string = apiPrefix()): Headers {
  const headers = new Headers({ Accept: 'application/json' })
  const token = readStorage('token')
  if (prefix === API_PREFIX.authenticated && token) headers.set('Authorization', `Bearer ${token}`)
  return headers
}

/**
 * A refused token signs out; any other failure becomes an ApiError with the problem details.
 * Exported for the one call that cannot use fetch (the upload, for its progress events).
 */
export async function checkResponse(response: Response, prefix: string): Promise<Response> {
  if (response.status === 401 && prefix === API_PREFIX.authenticated) onUnauthorized?.()
  if (!response.ok) throw new ApiError(response.status, await readProblem(response))
  return response
}

/** Every call of the app goes through here: prefix, bearer token, retry policy, problems. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const prefix = options.prefix ?? apiPrefix()
  const headers = requestHeaders(prefix)
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
  const hasJson = options.json !== undefined
  if (hasJson) headers.set('Content-Type', 'application/json')
  const response = await fetchWithRetry(
    fetchSource(),
    apiUrl(path, options.query, prefix),
    {
      method: options.method ?? 'GET',
      headers,
      body: hasJson ? JSON.stringify(options.json) : options.body,
      signal: options.signal,
    },
    { totalTimeoutMs: REQUEST_TIMEOUT_MS },
  )
  return checkResponse(response, prefix)
}

/** Calls the API and checks the answer against the contract's schema. */
export async function apiRequest<T extends z.ZodType>(
  schema: T,
  path: string,
  options?: RequestOptions,
): Promise<z.infer<T>> {
  const response = await apiFetch(path, options)
  return schema.parse(await response.json())
}

async function readProblem(response: Response): Promise<Problem | null> {
  try {
    return Problem.parse(await response.json())
  } catch {
    return null
  }
}
