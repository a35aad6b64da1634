import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'

const TOKEN = 'x'.repeat(32)

describe('metrics configuration', () => {
  it('serves nothing by default, and METRICS_HOST is loopback', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null })
  })

  it('takes a port, a host and a token', () => {
    const env = { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }
    expect(loadConfig(env).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN })
  })

  it.each([
    [{ METRICS_TOKEN: 'x'.repeat(31) }, /METRICS_TOKEN: must be at least 32 characters/],
    [{ METRICS_TOKEN: `${TOKEN} y` }, /METRICS_TOKEN: must be printable ASCII/],
    [{ METRICS_PORT: '8080' }, /METRICS_PORT: must differ from PORT/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('never shows the token in its message', () => {
    const message = (() => {
      try {
        loadConfig({ METRICS_TOKEN: 'geheim-maar-te-kort' })
        return ''
      } catch (error) {
        return String(error)
      }
    })()
    expect(message).toContain('METRICS_TOKEN')
    expect(message).not.toContain('geheim')
  })
})
