import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose'

/** What the stand-in provider does with a request for its discovery document or its keys. */
export type ProviderBehaviour = 'answer' | 'stall'

export interface FakeIdentityProvider {
  /** Its authority, for OIDC_AUTHORITY: `http://127.0.0.1:<port>`. */
  url: string
  audience: string
  discovery: ProviderBehaviour
  keys: ProviderBehaviour
  /**
   * Requests received so far, answered or not. (Not connections: undici sometimes opens a
   * spare one as a fetch is aborted, without sending anything on it.)
   */
  requests(): number
  /** An id token signed with its key; `expires: false` leaves out `exp`. */
  sign(claims: JWTPayload, options?: { expires?: boolean }): Promise<string>
  close(): Promise<void>
}

/**
 * An OpenID provider on loopback with only what the server fetches: the discovery document
 * and the key set. Either can be made to stall (accept the request and never answer), as a
 * provider that is down behind a load balancer does.
 */
export async function startFakeIdentityProvider(
  audience = 'dataportaal',
): Promise<FakeIdentityProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-key', alg: 'RS256', use: 'sig' }
  const sockets = new Set<Socket>()
  let received = 0
  const server = http.createServer((request, response) => {
    received += 1
    const answer = (body: object) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.url === '/.well-known/openid-configuration') {
      if (provider.discovery === 'answer') answer({ issuer: provider.url, jwks_uri: jwksUri })
    } else if (request.url === '/jwks') {
      if (provider.keys === 'answer') answer({ keys: [jwk] })
    } else {
      response.writeHead(404).end()
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const jwksUri = `${url}/jwks`
  const provider: FakeIdentityProvider = {
    url,
    audience,
    discovery: 'answer',
    keys: 'answer',
    requests: () => received,
    sign: (claims, options = {}) => {
      const token = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer(url)
        .setAudience(audience)
        .setIssuedAt()
      if (options.expires !== false) token.setExpirationTime('10m')
      return token.sign(privateKey)
    },
    close: () =>
      new Promise((resolve) => {
        // Stalled requests keep their sockets open; close would wait for them forever.
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  return provider
}
