import { apiPaths, LinkReport } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'

export const linkReportKey = ['validation', 'links'] as const

/** GET /links/report: the broken links and damaged stored files, for admins. */
export function useLinkReport() {
  return useQuery({
    queryKey: linkReportKey,
    queryFn: ({ signal }) => apiRequest(LinkReport, apiPaths.linkReport, { signal }),
  })
}
