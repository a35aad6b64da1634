import net from 'node:net'

/**
 * A TCP relay on loopback between the portal and its PostgreSQL server, which a test can
 * cut: what a restart of the database, a failed-over address or a network fault looks like
 * from the portal's side.
 */
export interface TcpProxy {
  port: number
  /** `url` (a PostgreSQL URL) pointed at the proxy instead. */
  through(url: string): string
  /** Ends every open connection, as a database restart does, and refuses new ones. */
  refuse(): Promise<void>
  /** Accepts and relays connections again. */
  accept(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const port = await listen(0)
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      // Reset, not a polite end: the connections die as they do when the server goes.
      for (const socket of open) socket.resetAndDestroy()
    })
  return {
    port,
    through(url) {
      const proxied = new URL(url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(port)
      return proxied.toString()
    },
    refuse: stopListening,
    accept: async () => {
      // The same port again: the pool reconnects to the address it knows.
      await listen(port)
    },
    close: stopListening,
  }
}
