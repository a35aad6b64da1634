import { z } from 'zod'

/** Keys the web app keeps in local storage (spec section 3 and 9). */
export const STORAGE_KEYS = {
  choice: 'choice',
  authenticated: 'authenticated',
  token: 'token',
  isAdmin: 'isAdmin',
  contrast: 'contrast',
} as const

export const API_PREFIX = {
  authenticated: '/api',
  public: '/pubapi',
  mail: '/mail',
} as const

/** RFC 9457 problem details; `title` is Dutch. */
export const Problem = z
  .object({
    type: z.string().default('about:blank'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Per-field validation errors (422 only)'),
  })
  .meta({ id: 'Problem' })
export type Problem = z.infer<typeof Problem>

/** A list response as used throughout the API. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Results: z.array(item), Total: z.number().int().nonnegative() })

export const Bucket = z.object({ key: z.string(), count: z.number().int().nonnegative() })
export type Bucket = z.infer<typeof Bucket>
/** The aggregation endpoints' answer: `{ Results: [{ key, count }], Total }`. */
export const BucketList = listOf(Bucket).meta({ id: 'BucketList' })

export const Uuid = z.uuid()

/** For calls without query parameters: any parameter is refused, not ignored. */
export const NoQuery = z.strictObject({})
