/**
 * The document is published as OpenAPI 3.1, whose schemas are JSON Schema (2020-12): a value that
 * may be null says so in its `type` (`["string", "null"]`) or, for a reference, as one of two
 * choices (`anyOf: [{ $ref }, { type: "null" }]`). The schema generators write OpenAPI 3.0's
 * `nullable: true` instead, which 3.1 dropped, and which validators read as "not nullable" beside
 * an `allOf` reference: a notification's missing track or a projection's empty error failed
 * validation although the API is right to send null. This rewrites every such schema in place.
 */
export function publishNullableAs31(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) publishNullableAs31(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) publishNullableAs31(value);
  if (schema.nullable !== true) {
    if (schema.nullable === false) delete schema.nullable;
    return;
  }
  delete schema.nullable;
  if ('$ref' in schema || 'allOf' in schema || 'oneOf' in schema || 'anyOf' in schema) {
    // The 3.0 form put `type: object` beside the reference for `nullable` to apply to; the choice replaces it.
    const { description, ...rest } = schema;
    delete rest.type;
    for (const key of Object.keys(schema)) delete schema[key];
    const inner = Object.keys(rest).length === 1 && Array.isArray(rest.allOf) && rest.allOf.length === 1 ? (rest.allOf[0] as object) : rest;
    Object.assign(schema, description === undefined ? {} : { description }, { anyOf: [inner, { type: 'null' }] });
    return;
  }
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  else if (Array.isArray(schema.type) && !schema.type.includes('null')) schema.type = [...schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}
