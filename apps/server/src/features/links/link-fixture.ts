import http from 'node:http'
import net from 'node:net'

/**
 * For tests: a site on loopback whose pages a link check meets. Every request is counted in
 * `received`; `sockets` are the connections still open (none may be left behind).
 *
 * /ok 200 · /missing 404 · /loop redirects to itself · /chain/n redirects n times to /ok ·
 * /hang never answers · /no-head refuses HEAD (405), answers a GET with one byte (206) ·
 * /huge refuses HEAD and sends an endless body to a GET · /to-metadata redirects to
 * 169.254.169.254 · /flaky answers `flaky.status` · /drip (on `dripBase`) sends its status
 * line one byte a second.
 */
export interface LinkFixture {
  base: string
  dripBase: string
  received: Array<{
    method: string
    path: string
    userAgent: string
    range: string | undefined
    at: number
  }>
  flaky: { status: number }
  openSockets: () => number
  close: () => Promise<void>
}

export async function startLinkFixture(): Promise<LinkFixture> {
  const received: LinkFixture['received'] = []
  const flaky = { status: 200 }
  const sockets = new Set<net.Socket>()
  const server = http.createServer((request, response) => {
    const path = request.url ?? ''
    const method = request.method ?? ''
    received.push({
      method,
      path,
      userAgent: request.headers['user-agent'] ?? '',
      range: request.headers.range,
      at: Date.now(),
    })
    const chain = /^\/chain\/(\d+)$/.exec(path)
    if (path === '/ok') return void response.writeHead(200).end('ok')
    if (path === '/flaky') return void response.writeHead(flaky.status).end()
    if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end()
    if (chain) {
      const left = Number(chain[1])
      const location = left === 0 ? '/ok' : `/chain/${left - 1}`
      return void response.writeHead(301, { location }).end()
    }
    if (path === '/to-metadata') {
      return void response
        .writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
        .end()
    }
    if (path === '/hang') return
    if (path === '/no-head' || path === '/huge') {
      if (method === 'HEAD') return void response.writeHead(405).end()
      if (path === '/no-head') return void response.writeHead(206).end('x')
      response.writeHead(200, { 'content-type': 'application/octet-stream' })
      const chunk = Buffer.alloc(64 * 1024, 120)
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump)
      }
      pump()
      return
    }
    response.writeHead(404).end('niet gevonden')
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  // A status line that comes one byte a second: the check's time limit must cut it off.
  const timers = new Set<NodeJS.Timeout>()
  const drip = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    const text = 'HTTP/1.1 200 OK\r\n'
    let at = 0
    const timer = setInterval(() => {
      if (socket.destroyed || at >= text.length) return
      socket.write(text[at++]!)
    }, 1000)
    timers.add(timer)
    socket.on('close', () => {
      clearInterval(timer)
      timers.delete(timer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  const dripPort = (drip.address() as net.AddressInfo).port
  return {
    base: `http://127.0.0.1:${port}`,
    dripBase: `http://127.0.0.1:${dripPort}`,
    received,
    flaky,
    openSockets: () => sockets.size,
    close: async () => {
      for (const timer of timers) clearInterval(timer)
      for (const socket of sockets) socket.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await new Promise((resolve) => drip.close(resolve))
    },
  }
}
