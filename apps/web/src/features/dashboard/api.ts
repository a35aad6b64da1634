import {
  Dashboard,
  DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  apiPaths,
  type DashboardQuery,
} from '@dataportaal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  period: (period: DashboardPeriod) => [...dashboardKeys.all, period] as const,
}

/** `?period=90d` → '90d'; anything else is the default period. */
export function readPeriod(value: string | null): DashboardPeriod {
  const period = DashboardPeriod.safeParse(value)
  return period.success ? period.data : DEFAULT_DASHBOARD_PERIOD
}

/** GET /search/dashboard (admins): the statistics for one period. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) =>
      apiRequest(Dashboard, apiPaths.dashboard, {
        query: { period } satisfies DashboardQuery,
        signal,
      }),
    // The server caches the figures for a minute; asking sooner gives the same answer.
    staleTime: 60_000,
    // The previous period stays on screen while the next loads.
    placeholderData: keepPreviousData,
  })
}
