import http from 'node:http'
import type net from 'node:net'

/**
 * For tests: a CKAN site on loopback whose package_search answers from `packages`, `rows`
 * at a time from `start`, as CKAN does. Change `packages` between runs; `failAtStart` makes
 * the page that starts there answer 500.
 */
export interface CkanFixture {
  packages: Record<string, unknown>[]
  failAtStart: number | null
  /** The site's address, without a trailing slash. */
  url: string
  /** The `start` of every page asked, in order. */
  starts: number[]
  close(): Promise<void>
}

export async function startCkanFixture(packages: Record<string, unknown>[]): Promise<CkanFixture> {
  const server = http.createServer()
  const fixture: CkanFixture = {
    packages,
    failAtStart: null,
    url: '',
    starts: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (!url.pathname.endsWith('/api/3/action/package_search')) {
      json(404, { success: false, error: { message: 'Not found' } })
      return
    }
    const rows = Number(url.searchParams.get('rows') ?? 10)
    const start = Number(url.searchParams.get('start') ?? 0)
    fixture.starts.push(start)
    if (fixture.failAtStart === start) {
      response.writeHead(500, { 'content-type': 'text/html' })
      response.end('<h1>Internal Server Error</h1>')
      return
    }
    json(200, {
      success: true,
      result: {
        count: fixture.packages.length,
        results: fixture.packages.slice(start, start + rows),
      },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fixture.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`
  return fixture
}

/** A CKAN package as package_search gives it, with a licence the portal knows. */
export const ckanPackage = (
  id: string,
  title: string | null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id,
  name: id,
  title,
  notes: `Beschrijving van ${title ?? id}.`,
  license_id: 'cc-by',
  metadata_created: '2024-01-02T03:04:05.000000',
  metadata_modified: '2025-02-03T04:05:06.000000',
  tags: [],
  groups: [],
  resources: [
    {
      name: `${title ?? id} (CSV)`,
      url: `https://data.example.org/${id}.csv`,
      format: 'CSV',
      mimetype: 'text/csv',
      size: 2048,
    },
  ],
  ...extra,
})
