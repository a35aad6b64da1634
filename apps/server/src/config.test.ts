import { inspect } from 'node:util'
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
    expect(maskUrlCredentials('https://data.voorbeeldstad.nl/zoeken#a@b')).toBe(
      'https://data.voorbeeldstad.nl/zoeken#a@b',
    )
  })

  it('hides the query string of every URL, where a SAS token sits', () => {
    const sas = 'sv=2022-11-02&ss=b&srt=co&sp=rwdl&se=2027-01-01T00:00:00Z&sig=Zm9vYmFy%2Bc2VjcmV0'
    const error = Object.assign(new Error('container not found'), {
      url: `https://stadsdata.blob.core.windows.net/bestanden?${sas}`,
    })
    const masked = maskUrlCredentials(
      `${inspect(error)}; also http://127.0.0.1:10000/devstoreaccount1/bestanden/ab?${sas}#x`,
    )
    expect(masked).not.toContain('sig=')
    expect(masked).not.toContain('Zm9vYmFy')
    expect(masked).toContain("url: 'https://stadsdata.blob.core.windows.net/bestanden?***'")
    expect(masked).toContain('http://127.0.0.1:10000/devstoreaccount1/bestanden/ab?***#x')
    expect(maskUrlCredentials('https://data.voorbeeldstad.nl/zoeken?q=a@b')).toBe(
      'https://data.voorbeeldstad.nl/zoeken?***',
    )
  })
})

describe('the DCAT-AP-NL catalogue', () => {
  it('starts without configuration, with the demo publisher and contact', () => {
    const { catalogue } = loadConfig({})
    expect(catalogue.publisher.uri).toMatch(/^https:\/\/identifier\.overheid\.nl\/tooi\/id\//)
    expect(catalogue.publisher.name).toBe('Dataportaal Voorbeeldstad')
    expect(catalogue.contact).toEqual({
      name: 'Team Open Data',
      email: 'data@voorbeeldstad.nl',
      phone: null,
    })
    expect(catalogue.title).toBe('Datacatalogus Dataportaal Voorbeeldstad')
  })

  it('takes the city’s own publisher, contact and texts', () => {
    const { catalogue } = loadConfig({
      PUBLISHER_URI: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
      PUBLISHER_NAME: 'Gemeente Amsterdam',
      CONTACT_EMAIL: 'opendata@amsterdam.nl',
      CONTACT_PHONE: '14 020',
      CATALOGUE_TITLE: 'Open data Amsterdam',
    })
    expect(catalogue.publisher).toEqual({
      uri: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
      name: 'Gemeente Amsterdam',
    })
    expect(catalogue.contact.phone).toBe('14 020')
    expect(catalogue.title).toBe('Open data Amsterdam')
  })

  it('refuses a publisher that is no https URI, and a wrong e-mail or telephone', () => {
    for (const value of ['http://identifier.overheid.nl/tooi/id/gemeente/gm0363', 'gm0363']) {
      const message = startUpMessage({ PUBLISHER_URI: value })
      expect(message).toContain('PUBLISHER_URI')
      expect(message).toContain('TOOI')
    }
    expect(startUpMessage({ CONTACT_EMAIL: 'geen adres' })).toContain('CONTACT_EMAIL')
    expect(startUpMessage({ CONTACT_PHONE: 'bel ons' })).toContain('CONTACT_PHONE')
  })
})

describe('DATA_DIR_MIN_FREE_MB', () => {
  it('is 256 unless set, 0 turns the check off, and anything but a whole number is refused', () => {
    expect(loadConfig({}).dataDirMinFreeMb).toBe(256)
    expect(loadConfig({ DATA_DIR_MIN_FREE_MB: '0' }).dataDirMinFreeMb).toBe(0)
    expect(loadConfig({ DATA_DIR_MIN_FREE_MB: '2048' }).dataDirMinFreeMb).toBe(2048)
    for (const wrong of ['veel', '-1', '1.5']) {
      expect(startUpMessage({ DATA_DIR_MIN_FREE_MB: wrong })).toContain('DATA_DIR_MIN_FREE_MB')
    }
  })
})

describe('LINK_CHECK_INTERVAL_HOURS', () => {
  it('is 24 unless set, 0 switches the link checks off, and a wrong value is refused by name', () => {
    expect(loadConfig({}).linkCheck.intervalHours).toBe(24)
    expect(loadConfig({ LINK_CHECK_INTERVAL_HOURS: '0' }).linkCheck.intervalHours).toBe(0)
    expect(loadConfig({ LINK_CHECK_INTERVAL_HOURS: '168' }).linkCheck.intervalHours).toBe(168)
    for (const wrong of ['dagelijks', '-1', '2.5', '9000']) {
      expect(startUpMessage({ LINK_CHECK_INTERVAL_HOURS: wrong })).toContain(
        'LINK_CHECK_INTERVAL_HOURS',
      )
    }
  })
})
