import { z } from 'zod'

/** GET /user/admin: whether the signed-in user is an admin (decisions.md, Sign-in). */
export const IsAdminResponse = z.boolean().meta({ id: 'IsAdmin' })
export type IsAdminResponse = z.infer<typeof IsAdminResponse>
