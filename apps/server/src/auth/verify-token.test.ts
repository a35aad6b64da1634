import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createTokenVerifier,
  InvalidTokenError,
  localKeys,
  type TokenVerifier,
} from './verify-token.ts'
import { isAdminIdentity } from './admin-rule.ts'

const ISSUER = 'https://login.example.test/tenant/v2.0'
const AUDIENCE = 'dataportaal'
const RULE = { adminGroups: ['beheer-groep'], adminEmails: ['baas@voorbeeldstad.nl'] }

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey']
let key: PrivateKey
let otherKey: PrivateKey
let verify: TokenVerifier

const CLAIMS = {
  oid: '0b6f3c1e-2a4d-4f5e-8a9b-0c1d2e3f4a5b',
  preferred_username: 'medewerker@voorbeeldstad.nl',
  name: 'Mirjam Medewerker',
  groups: ['beheer-groep'],
}

function sign(
  claims: JWTPayload = CLAIMS,
  options: { issuer?: string; audience?: string; expiresIn?: string; key?: PrivateKey } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject('pairwise-sub')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? key)
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  key = pair.privateKey
  otherKey = (await generateKeyPair('RS256')).privateKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }
  verify = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: localKeys({ keys: [jwk] }),
  })
})

const refused = (token: string) => expect(verify(token)).rejects.toThrow(InvalidTokenError)

describe('token verification', () => {
  it('accepts a valid token and reads the user from the Entra ID claims', async () => {
    expect(await verify(await sign())).toEqual({
      id: CLAIMS.oid,
      email: 'medewerker@voorbeeldstad.nl',
      verifiedEmail: null,
      name: 'Mirjam Medewerker',
      groups: ['beheer-groep'],
    })
  })

  it('falls back to sub for the id, email for the address, and counts roles as groups', async () => {
    const identity = await verify(
      await sign({ email: 'Collega@Voorbeeldstad.nl', roles: ['Portal.Admin'] }),
    )
    expect(identity).toEqual({
      id: 'pairwise-sub',
      email: 'Collega@Voorbeeldstad.nl',
      verifiedEmail: null,
      name: 'Collega@Voorbeeldstad.nl',
      groups: ['Portal.Admin'],
    })
  })

  it('refuses an expired token (beyond the clock tolerance)', async () => {
    await refused(await sign(CLAIMS, { expiresIn: '-2m' }))
  })

  it('refuses a token without an expiry', async () => {
    const endless = await new SignJWT(CLAIMS)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('pairwise-sub')
      .setIssuedAt()
      .sign(key)
    await refused(endless)
  })

  it('refuses a token for another audience', async () => {
    await refused(await sign(CLAIMS, { audience: 'een-andere-app' }))
  })

  it('refuses a token of another issuer', async () => {
    await refused(await sign(CLAIMS, { issuer: 'https://idp.evil.example' }))
  })

  it("refuses an unsigned token (alg 'none')", async () => {
    const unsigned = new UnsecuredJWT(CLAIMS)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('pairwise-sub')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode()
    await refused(unsigned)
  })

  it('refuses a bad signature: another key, or a changed payload', async () => {
    await refused(await sign(CLAIMS, { key: otherKey }))
    const [header, , signature] = (await sign()).split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ ...CLAIMS, groups: ['x'] })).toString(
      'base64url',
    )
    await refused(`${header}.${forgedPayload}.${signature}`)
  })

  it('refuses an algorithm outside the allow-list (HS256 with a shared secret)', async () => {
    const secret = new TextEncoder().encode('a-shared-secret-of-thirty-two-bytes!')
    const symmetric = await new SignJWT(CLAIMS)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('pairwise-sub')
      .setExpirationTime('1h')
      .sign(secret)
    await refused(symmetric)
  })

  it('refuses what is not a token, and a token without sub', async () => {
    await refused('not-a-jwt')
    await refused(
      await new SignJWT({ oid: 'x' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime('1h')
        .sign(key),
    )
  })
})

describe('admin rule', () => {
  it('makes a token without groups an employee, not an admin', async () => {
    const { groups, ...withoutGroups } = CLAIMS
    expect(groups).toHaveLength(1)
    const identity = await verify(await sign(withoutGroups))
    expect(identity.groups).toEqual([])
    expect(isAdminIdentity(identity, RULE)).toBe(false)
  })

  it('makes a member of an admin group, or a listed verified e-mail (any case), an admin', async () => {
    expect(isAdminIdentity(await verify(await sign()), RULE)).toBe(true)
    const byEmail = await verify(
      await sign({ ...CLAIMS, groups: [], email: 'Baas@Voorbeeldstad.nl', email_verified: true }),
    )
    expect(byEmail.verifiedEmail).toBe('Baas@Voorbeeldstad.nl')
    expect(isAdminIdentity(byEmail, RULE)).toBe(true)
    expect(isAdminIdentity(byEmail, { ...RULE, adminEmails: [] })).toBe(false)
  })

  it('never makes an admin by preferred_username or an e-mail the provider does not vouch for', async () => {
    const notVouched = [
      { preferred_username: 'Baas@Voorbeeldstad.nl' },
      { preferred_username: 'Baas@Voorbeeldstad.nl', email_verified: true },
      { email: 'baas@voorbeeldstad.nl' },
      { email: 'baas@voorbeeldstad.nl', email_verified: false },
    ]
    for (const claims of notVouched) {
      const identity = await verify(await sign({ ...CLAIMS, groups: [], ...claims }))
      expect(isAdminIdentity(identity, RULE), JSON.stringify(claims)).toBe(false)
    }
  })
})
