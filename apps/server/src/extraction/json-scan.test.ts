import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSON_MAX_DEPTH, scanJsonFile } from './json-scan.ts'

const DEMO_DIR = fileURLToPath(new URL('../../demo/documents/', import.meta.url))
let tmp = ''
let n = 0

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'json-scan-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

const scan = async (content: string | Uint8Array) => {
  const file = join(tmp, `f${n++}.json`)
  await writeFile(file, content)
  return scanJsonFile(file)
}

/** What JSON.parse says about the same bytes: the reference the scanner must agree with. */
function reference(bytes: Uint8Array): { valid: boolean; topLevelType: string | null } {
  try {
    if (bytes.includes(0)) throw new Error('NUL')
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    const value: unknown = JSON.parse(text)
    const type =
      typeof value === 'object' && value !== null && !Array.isArray(value) && 'type' in value
        ? value.type
        : null
    return { valid: true, topLevelType: typeof type === 'string' ? type : null }
  } catch {
    return { valid: false, topLevelType: null }
  }
}

describe('scanJsonFile', () => {
  it.each([
    '{}',
    '[]',
    ' 0 ',
    '-0.5e+10',
    '1E5',
    '"tekst met \\" en \\u00e9"',
    'true',
    'null',
    '{"type":"FeatureCollection","features":[]}',
    '{"type":"Point","type":"Feature"}',
    '{"t\\u0079pe":"Fe\\u0061ture"}',
    '{"a":{"type":"Point"}}',
    '{"type":{"x":"Point"}}',
    '{"type":5}',
    '[{"type":"Point"}]',
    '\ufeff{"type":"Feature"}',
    '{"a":[1,2,{"b":null}],"c":"d"}',
    // Invalid:
    '',
    '   ',
    '{',
    '{"a":1,}',
    '[1,]',
    '[01]',
    '[1.]',
    '[.5]',
    '[-]',
    '[1e]',
    '{"a" 1}',
    "{'a':1}",
    '{"a":tru}',
    '{"a":truex}',
    '"\\x"',
    '"\\u12g4"',
    '"regel\neinde"',
    '{} {}',
    '[1 2]',
    '{"a":1]',
    '[1}',
    '// commentaar\n{}',
    'NaN',
    '{"a":1}\ufeff',
  ])('agrees with JSON.parse on %j', async (text) => {
    expect(await scan(text)).toEqual(reference(Buffer.from(text)))
  })

  it('refuses bytes that are not UTF-8, and NUL', async () => {
    expect((await scan(Buffer.from('{"a":"caf\xe9"}', 'latin1'))).valid).toBe(false)
    expect((await scan(Buffer.from([0x5b, 0x00, 0x5d]))).valid).toBe(false)
  })

  it('agrees with JSON.parse on the demo files and on many damaged copies of them', async () => {
    const names = ['schoolgebouwen.geojson', 'parkeergarages.geojson', 'manifest.json']
    let random = 7
    const next = (max: number) => {
      random = (random * 1_103_515_245 + 12_345) % 2 ** 31
      return random % max
    }
    for (const name of names) {
      const original = await readFile(join(DEMO_DIR, name))
      expect(await scan(original), name).toEqual(reference(original))
      for (let i = 0; i < 40; i++) {
        const at = next(original.length)
        const damaged = [
          Buffer.concat([original.subarray(0, at), original.subarray(at + 1)]),
          Buffer.concat([
            original.subarray(0, at),
            Buffer.from([',{}":[]0e-'.charCodeAt(next(10))]),
            original.subarray(at),
          ]),
          original.subarray(0, at),
        ][i % 3]!
        expect(await scan(damaged), `${name} #${i}`).toEqual(reference(damaged))
      }
    }
  })

  it('accepts nesting up to the depth cap and refuses one level more', async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
    expect(JSON_MAX_DEPTH).toBeGreaterThanOrEqual(64)
    expect(await scan(nested(JSON_MAX_DEPTH))).toEqual({ valid: true, topLevelType: null })
    expect(await scan(nested(JSON_MAX_DEPTH + 1))).toEqual({ valid: false, topLevelType: null })
    const objects = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1)
    expect((await scan(objects(JSON_MAX_DEPTH))).valid).toBe(true)
    expect((await scan(objects(JSON_MAX_DEPTH + 1))).valid).toBe(false)
    // Objects and arrays alternating at every depth: the bit stack must tell them apart.
    const mixed = '[{"a":'.repeat(200) + '1' + '}]'.repeat(200)
    expect(await scan(mixed)).toEqual(reference(Buffer.from(mixed)))
    const crossed = '[{"a":'.repeat(200) + '1' + ']}'.repeat(200)
    expect((await scan(crossed)).valid).toBe(false)
  })

  it('refuses a million open brackets in constant memory', async () => {
    const file = join(tmp, 'diep.json')
    await writeFile(file, '['.repeat(1_000_000))
    const before = process.memoryUsage().heapUsed
    expect(await scanJsonFile(file)).toEqual({ valid: false, topLevelType: null })
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024)
  })

  it('checks a huge string value without keeping it, and cuts a huge type value', async () => {
    const huge = 'x'.repeat(30_000_000)
    const file = join(tmp, 'lange-tekst.geojson')
    await writeFile(file, `{"type":"Feature","properties":{"tekst":"${huge}"},"geometry":null}`)
    let before = process.memoryUsage().heapUsed
    expect(await scanJsonFile(file)).toEqual({ valid: true, topLevelType: 'Feature' })
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024)

    const longType = join(tmp, 'lang-type.geojson')
    await writeFile(longType, `{"type":"Feature${huge}"}`)
    before = process.memoryUsage().heapUsed
    const scanned = await scanJsonFile(longType)
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024)
    expect(scanned.valid).toBe(true)
    expect(scanned.topLevelType?.startsWith('Featurexxx')).toBe(true)
    expect(scanned.topLevelType!.length).toBeLessThan(100)
  })

  it('reads a large file without holding it', async () => {
    const file = join(tmp, 'groot.geojson')
    const feature = '{"type":"Feature","properties":{"naam":"Boom"},"geometry":null},'
    await writeFile(file, `{"type":"FeatureCollection","features":[${feature.repeat(200_000)}{}]}`)
    const before = process.memoryUsage().heapUsed
    expect(await scanJsonFile(file)).toEqual({ valid: true, topLevelType: 'FeatureCollection' })
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 1024 * 1024)
  })
})
