import { z } from 'zod'

/** What the web app reads at run time, so one build serves every city. */
export const PublicConfig = z
  .object({
    portalName: z.string(),
    logoUrl: z.string(),
    auth: z.object({
      authority: z.string(),
      clientId: z.string(),
      scopes: z.array(z.string()),
    }),
    serviceDeskUrl: z.string().nullable(),
    footerLinks: z.object({
      privacy: z.string(),
      disclaimer: z.string(),
      accessibility: z.string(),
      city: z.string(),
    }),
    maxUploadMb: z.number().int(),
    map: z.object({
      tileUrl: z
        .string()
        .nullable()
        .describe('Tile URL template; null draws features without tiles'),
      attribution: z.string(),
    }),
  })
  .meta({ id: 'PublicConfig' })
export type PublicConfig = z.infer<typeof PublicConfig>

export const Health = z.object({ status: z.enum(['ok', 'unavailable']) })
