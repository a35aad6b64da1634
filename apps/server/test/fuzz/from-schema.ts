import fc from 'fast-check'
import { hostileJsonValue } from './hostile.ts'
import type { JsonSchema } from './openapi.ts'

/** What exists in the seeded database, so generated ids and names sometimes hit something. */
export interface Pools {
  ids: readonly string[]
  names: readonly string[]
}

/**
 * Values a schema accepts, mostly: each value, at every level, is replaced by a hostile one
 * with chance `hostile` (0..1). Bounds are tried exactly and one past, lengths stay small.
 */
export function valueFor(
  schema: JsonSchema,
  pools: Pools,
  hostile: number,
  hostileValue: fc.Arbitrary<unknown> = hostileJsonValue,
): fc.Arbitrary<unknown> {
  const weight = Math.round(hostile * 100)
  const valid = validValueFor(schema, pools, (s) => valueFor(s, pools, hostile, hostileValue))
  if (weight <= 0) return valid
  return fc.oneof({ weight: 100 - weight, arbitrary: valid }, { weight, arbitrary: hostileValue })
}

function validValueFor(
  schema: JsonSchema,
  pools: Pools,
  inner: (schema: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const options = schema.anyOf ?? schema.oneOf
  if (options?.length) return fc.oneof(...options.map(inner))
  if (schema.allOf?.length) {
    return validValueFor(Object.assign({}, ...schema.allOf) as JsonSchema, pools, inner)
  }
  const type = [schema.type ?? []].flat().find((t) => t !== 'null')
  switch (type) {
    case 'string':
      return stringFor(schema, pools)
    case 'integer':
    case 'number':
      return numberFor(schema, type === 'integer')
    case 'boolean':
      return fc.boolean()
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 5, 5)
      const items = fc.array(inner(schema.items ?? {}), {
        minLength: Math.min(schema.minItems ?? 0, maxLength),
        maxLength,
      })
      const overFull = (schema.maxItems ?? Infinity) < 100 ? [schema.maxItems! + 1] : []
      return fc.oneof(
        { weight: 9, arbitrary: items },
        ...overFull.map((n) => ({
          weight: 1,
          arbitrary: fc.array(inner(schema.items ?? {}), { minLength: n, maxLength: n }),
        })),
      )
    }
    case 'object': {
      const properties = schema.properties ?? {}
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, inner(v)]))
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

function stringFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return pools.ids.length
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...pools.ids) },
            { weight: 1, arbitrary: fc.uuid() },
          )
        : fc.uuid()
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map(isoDate)
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constant('bewoner@voorbeeldstad.nl'))
    case 'binary':
      return fc.constant('')
  }
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? 1_000
  const fitting = pools.names.filter((name) => name.length >= min && name.length <= max)
  const plain = fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 30)) })
  return fc.oneof(
    { weight: 4, arbitrary: fitting.length ? fc.constantFrom(...fitting) : plain },
    { weight: 4, arbitrary: plain },
    // The bounds themselves and one past them.
    {
      weight: 1,
      arbitrary: fc.constantFrom(max, max + 1, Math.max(min - 1, 0)).map((n) => 'x'.repeat(n)),
    },
  )
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000
  const max = schema.maximum ?? 1_000_000
  const inside = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })
  return fc.oneof(
    { weight: 4, arbitrary: inside },
    { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0, -1) },
  )
}
