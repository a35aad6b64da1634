import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, maskUrlCredentials } from './config.ts'

/** The message start-up would print for `env`. */
function startUpMessage(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('the configuration was accepted')
}

describe('a wrong value', () => {
  it('is named with what is wrong, never printed: it may be a secret', () => {
    const message = startUpMessage({ DATABASE_URL: 'mysql://u:s3cret@h/db' })
    expect(message).toContain('DATABASE_URL')
    expect(message).toContain('postgres://')
    expect(message).not.toContain('s3cret')

    const smtp = startUpMessage({ SMTP_URL: 'http://mail:geheim-wachtwoord@mail.example' })
    expect(smtp).toContain('SMTP_URL')
    expect(smtp).not.toContain('geheim-wachtwoord')

    expect(startUpMessage({ PORT: 'tachtig' })).not.toContain('tachtig')
  })
})

describe('TRUST_PROXY', () => {
  it('is off unless set: the socket address is the client', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  it('takes a hop count, or proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback'])
  })

  it('refuses true, which would let every visitor choose their own address', () => {
    const message = startUpMessage({ TRUST_PROXY: 'true' })
    expect(message).toContain('TRUST_PROXY')
    expect(message).toMatch(/hop count/)
    expect(message).toMatch(/addresses/)
  })

  it('refuses what is no address, CIDR or count', () => {
    for (const value of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', '-1', 'yes']) {
      expect(startUpMessage({ TRUST_PROXY: value }), value).toContain('TRUST_PROXY')
    }
  })
})

describe('maskUrlCredentials', () => {
  it('hides the user and password of every URL in a text, and keeps the rest', () => {
    expect(
      maskUrlCredentials(
        'connect postgres://portal:s3cret@db.internal:5432/portal failed; smtp://mail@relay:25 too',
      ),
    ).toBe('connect postgres://***@db.internal:5432/portal failed; smtp://***@relay:25 too')
    expect(maskUrlCredentials('https://data.voorbeeldstad.nl/zoeken?q=a@b')).toBe(
      'https://data.voorbeeldstad.nl/zoeken?q=a@b',
    )
  })
})
