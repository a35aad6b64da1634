import fc from 'fast-check'
import { valueFor, type Pools } from './from-schema.ts'
import {
  CONTENT_TYPES,
  hostileJsonValue,
  hostileText,
  hostileUrlValue,
  hugeText,
  MALFORMED_JSON,
  percentEncode,
  RAW_URL_PIECES,
  toJsonText,
} from './hostile.ts'
import { multipartFor } from './multipart.ts'
import type { JsonSchema, Operation, Parameter } from './openapi.ts'

/** One generated request; the caller adds the role's token unless `replacesAuth`. */
export interface FuzzRequest {
  method: string
  /** Path and query, percent-encoded as sent. */
  url: string
  headers: Record<string, string>
  body?: Buffer
  /** The operation it was made for, and what was done to it. */
  label: string
  replacesAuth: boolean
}

interface Body {
  contentType: string | undefined
  body: Buffer | undefined
  label: string
}

/** A value as URL text: strings percent-encoded, other JSON as its JSON text. */
const urlText = (value: unknown) =>
  percentEncode(typeof value === 'string' ? value : toJsonText(value))

/** A path or query value: from the schema (hostile at times), a raw broken piece, or huge. */
const urlValues = (schema: JsonSchema | undefined, pools: Pools): fc.Arbitrary<string[]> =>
  fc.oneof(
    {
      weight: 16,
      arbitrary: valueFor(schema ?? {}, pools, 0.3, hostileUrlValue).map((value) =>
        (Array.isArray(value) && schema?.type !== 'string' ? value : [value]).map(urlText),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PIECES).map((piece) => [piece]) },
    { weight: 1, arbitrary: hugeText(20_000).map((text) => [percentEncode(text)]) },
  )

function pathFor(operation: Operation, pools: Pools): fc.Arbitrary<string> {
  const names = operation.parameters.filter((p) => p.in === 'path')
  return fc
    .tuple(...names.map((p) => urlValues(p.schema, pools).map((values) => values[0] ?? '')))
    .map((values) =>
      names.reduce((path, p, i) => path.replace(`{${p.name}}`, values[i] ?? ''), operation.path),
    )
}

function queryPairsFor(parameter: Parameter, pools: Pools): fc.Arbitrary<string[]> {
  const omitted = parameter.required ? 5 : 40
  const name = percentEncode(parameter.name)
  const present = fc.tuple(urlValues(parameter.schema, pools), fc.nat(19)).map(([values, roll]) => {
    const pairs = values.map((value) => `${name}=${value}`)
    // Now and then the same parameter again, or the name without a value.
    if (roll === 0) return [...pairs, ...pairs]
    if (roll === 1) return [name]
    return pairs
  })
  return fc.oneof(
    { weight: omitted, arbitrary: fc.constant<string[]>([]) },
    { weight: 100 - omitted, arbitrary: present },
  )
}

const unknownQuery = fc.oneof(
  { weight: 10, arbitrary: fc.constant<string[]>([]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor[prototype]', 'x[]', 'q', ''),
          hostileText(100),
        ),
        hostileText(2_000),
      )
      .map(([name, value]) => [`${percentEncode(name)}=${percentEncode(value)}`]),
  },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES).map((piece) => [piece]) },
)

function jsonBody(schema: JsonSchema, pools: Pools): fc.Arbitrary<Body> {
  const json = (
    label: string,
    text: fc.Arbitrary<string>,
    type = fc.constant<string | undefined>('application/json'),
  ) =>
    fc.tuple(text, type).map(([t, contentType]) => ({ contentType, body: Buffer.from(t), label }))
  const valid = valueFor(schema, pools, 0.2).map(toJsonText)
  return fc.oneof(
    { weight: 12, arbitrary: json('json', valid) },
    {
      weight: 2,
      arbitrary: json('json, other content type', valid, fc.constantFrom(...CONTENT_TYPES)),
    },
    { weight: 3, arbitrary: json('malformed json', fc.constantFrom(...MALFORMED_JSON)) },
    {
      weight: 1,
      arbitrary: json(
        'truncated json',
        fc.tuple(valid, fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
      ),
    },
    {
      weight: 1,
      arbitrary: json(
        'json with unknown keys',
        fc
          .tuple(
            valueFor(schema, pools, 0),
            fc.dictionary(hostileText(50), hostileJsonValue, { maxKeys: 3 }),
          )
          .map(([value, extra]) =>
            toJsonText(
              typeof value === 'object' && value !== null ? { ...value, ...extra } : extra,
            ),
          ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        contentType: 'application/json',
        body: undefined,
        label: 'json, no body',
      }),
    },
  )
}

/** A body for an operation that takes none: mostly none, now and then something. */
const strayBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 15,
    arbitrary: fc.constant<Body>({ contentType: undefined, body: undefined, label: '' }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom(...MALFORMED_JSON), hostileJsonValue.map(toJsonText)),
        fc.constantFrom(...CONTENT_TYPES),
      )
      .map(([text, contentType]) => ({
        contentType,
        body: Buffer.from(text),
        label: 'stray body',
      })),
  },
)

function bodyFor(operation: Operation, pools: Pools): fc.Arbitrary<Body> {
  const multipart = operation.bodies.find((b) => b.contentType === 'multipart/form-data')
  if (multipart) {
    return fc.oneof(
      { weight: 9, arbitrary: multipartFor(multipart.schema, pools) },
      { weight: 1, arbitrary: strayBody },
    )
  }
  const json = operation.bodies.find((b) => b.contentType.includes('json'))
  return json ? jsonBody(json.schema, pools) : strayBody
}

const AUTH_TAMPERING = [
  'Bearer',
  'Bearer ',
  'Bearer x.y.z',
  'Basic YWRtaW46YWRtaW4=',
  'bearer e30.e30.',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwiZ3JvdXBzIjpbInBvcnRhbC1hZG1pbnMiXX0.',
  `Bearer ${'A'.repeat(8_000)}`,
]

/** Extra headers: mostly none; else a forged token, a forwarded address, odd accepts. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 16, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...AUTH_TAMPERING).map((authorization) => ({ authorization })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'garbage',
        '1.2.3.4, ::1',
        '',
        '999.999.999.999',
        '::ffff:127.0.0.1',
        'unknown, , ,',
      )
      .map((forwarded) => ({ 'x-forwarded-for': forwarded })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('text/html', 'application/xml', '*/*;q=0', 'application/problem+json', '')
      .map((accept) => ({ accept })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', '../..', 'x'.repeat(5_000))
      .map((id) => ({ 'x-request-id': id })),
  },
)

/** A different method now and then: HEAD, OPTIONS, PATCH or a WebDAV one. */
const methodFor = (operation: Operation) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constant(operation.method) },
    { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'PATCH', 'PROPFIND') },
  )

/** Small changes to the path: a trailing or doubled slash, a dot segment. */
const pathTwists: readonly ((path: string) => string)[] = [
  (path) => `${path}/`,
  (path) => path.replace('/', '//'),
  (path) => path.replace(/\/([^/]*)$/, '/./$1'),
  (path) => `${path}/..`,
  (path) => `${path}%2F..%2F..`,
]

/** Requests for one operation, shaped by its schemas and full of hostile input. */
export function requestFor(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const query = operation.parameters.filter((p) => p.in === 'query')
  return fc
    .record({
      method: methodFor(operation),
      path: pathFor(operation, pools),
      twist: fc.oneof(
        { weight: 20, arbitrary: fc.constant(-1) },
        { weight: 1, arbitrary: fc.nat(pathTwists.length - 1) },
      ),
      pairs: fc.tuple(...query.map((p) => queryPairsFor(p, pools))),
      unknown: unknownQuery,
      body: bodyFor(operation, pools),
      headers: extraHeaders,
    })
    .map(({ method, path, twist, pairs, unknown, body, headers }) => {
      const search = [...pairs.flat(), ...unknown].join('&')
      const twisted = pathTwists[twist]?.(path) ?? path
      const notes = [body.label, twist >= 0 ? 'path twisted' : '', Object.keys(headers).join(' ')]
      return {
        method,
        url: search ? `${twisted}?${search}` : twisted,
        headers: {
          ...headers,
          ...(body.contentType !== undefined && { 'content-type': body.contentType }),
        },
        ...(body.body && { body: body.body }),
        label: [`${operation.method} ${operation.path}`, ...notes.filter(Boolean)].join(', '),
        replacesAuth: 'authorization' in headers,
      }
    })
}
