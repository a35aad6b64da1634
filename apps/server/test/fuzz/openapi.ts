/** The part of an OpenAPI 3 document the fuzz test reads: operations, parameters, bodies. */

export interface JsonSchema {
  type?: string | string[]
  enum?: readonly unknown[]
  const?: unknown
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: readonly string[]
  additionalProperties?: boolean | JsonSchema
  anyOf?: readonly JsonSchema[]
  oneOf?: readonly JsonSchema[]
  allOf?: readonly JsonSchema[]
  nullable?: boolean
  $ref?: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: JsonSchema
}

export interface RequestBody {
  contentType: string
  schema: JsonSchema
}

export interface Operation {
  method: string
  /** The path template as the document names it, e.g. `/api/documents/{id}`. */
  path: string
  parameters: readonly Parameter[]
  bodies: readonly RequestBody[]
}

interface OperationObject {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

export interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, OperationObject>>
  components?: { schemas?: Record<string, JsonSchema> }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

/** Replaces every `$ref` by the schema it names; a reference to nothing is an error. */
export function resolveRefs(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 32) throw new Error('Schema nests deeper than 32 levels (a $ref cycle?)')
  const next = (inner: JsonSchema) => resolveRefs(inner, doc, depth + 1)
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '')
    const target = doc.components?.schemas?.[name]
    if (!target) throw new Error(`The OpenAPI document refers to a missing schema: ${schema.$ref}`)
    return next(target)
  }
  const { properties, items, anyOf, oneOf, allOf, additionalProperties } = schema
  return {
    ...schema,
    ...(properties && {
      properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, next(v)])),
    }),
    ...(items && { items: next(items) }),
    ...(anyOf && { anyOf: anyOf.map(next) }),
    ...(oneOf && { oneOf: oneOf.map(next) }),
    ...(allOf && { allOf: allOf.map(next) }),
    ...(typeof additionalProperties === 'object' && {
      additionalProperties: next(additionalProperties),
    }),
  }
}

/** Every operation (path and method) of the document, its schemas resolved. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          ...parameter,
          ...(parameter.schema && { schema: resolveRefs(parameter.schema, doc) }),
        })),
        bodies: Object.entries(operation.requestBody?.content ?? {}).map(
          ([contentType, media]) => ({
            contentType,
            schema: resolveRefs(media.schema ?? {}, doc),
          }),
        ),
      })),
  )
}
