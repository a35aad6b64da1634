import { IsAdminResponse, NoQuery } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isAdmin } from '../../auth/viewer.ts'

export const employeeRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/user/admin',
    {
      config: { access: 'employee' },
      schema: {
        tags: ['gebruiker'],
        summary: 'Is de aangemelde gebruiker beheerder?',
        description:
          'Beheerder: een groep (of rol) uit het token staat in ADMIN_GROUPS, of het door de identity provider geverifieerde e-mailadres (`email_verified`) staat in ADMIN_EMAILS.',
        querystring: NoQuery,
        response: { 200: IsAdminResponse },
      },
    },
    async (request) => isAdmin(request.viewer),
  )
}
