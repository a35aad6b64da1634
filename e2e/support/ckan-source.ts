import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** The action a CKAN site answers searches on; an admin enters its address on /harvesten. */
const PACKAGE_SEARCH = '/api/3/action/package_search'

/**
 * Another catalogue for the harvesting journey: a CKAN site on loopback, started in the test
 * process, whose package_search answers from `packages`, `rows` at a time from `start`, as
 * CKAN does. The portal's server fetches it like any other source.
 */
export interface CkanSource {
  /** The package_search address, as an admin enters it. */
  url: string
  /** The `start` of every page the portal asked for, in order. */
  starts: number[]
  close(): Promise<void>
}

export async function startCkanSource(packages: Record<string, unknown>[]): Promise<CkanSource> {
  const starts: number[] = []
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (url.pathname !== PACKAGE_SEARCH) {
      json(404, { success: false, error: { message: 'Not found', __type: 'Not Found Error' } })
      return
    }
    const rows = Number(url.searchParams.get('rows') ?? 10)
    const start = Number(url.searchParams.get('start') ?? 0)
    starts.push(start)
    json(200, {
      success: true,
      result: { count: packages.length, results: packages.slice(start, start + rows) },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${PACKAGE_SEARCH}`,
    starts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A package as package_search gives it: licence `cc-by` (the portal knows it), one CSV at
 * an https address, and the groups and tags given.
 */
export function ckanPackage(
  name: string,
  title: string | null,
  extra: { groups?: string[]; tags?: string[]; license_id?: string } = {},
): Record<string, unknown> {
  return {
    id: `${name}-id`,
    name,
    title,
    notes: `Beschrijving van ${title ?? name}, uit een andere catalogus.`,
    license_id: extra.license_id ?? 'cc-by',
    metadata_created: '2025-03-04T10:00:00.000000',
    metadata_modified: '2025-06-07T12:30:00.000000',
    tags: (extra.tags ?? []).map((tag) => ({ name: tag, display_name: tag })),
    groups: (extra.groups ?? []).map((group) => ({
      name: group.toLowerCase().replace(/\W+/g, '-'),
      title: group,
    })),
    resources: [
      {
        name: `${title ?? name} (CSV)`,
        url: `https://data.voorbeeld.nl/bestanden/${name}.csv`,
        format: 'CSV',
        mimetype: 'text/csv',
        size: 4000,
      },
    ],
  }
}
