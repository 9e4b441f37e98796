import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { IS_INT, MAX, MIN, ValidationTypes, getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { SchemaConverter } from 'class-validator-jsonschema/build/defaultConverters';

export const SCHEMA_PREFIX = '#/components/schemas/';

/**
 * A field checked by a rule of our own (tags, matching passwords…): its schema comes from the
 * field's declared type. The library's default would point a `$ref` at the built-in type's name
 * (`#/components/schemas/Array`), which no document defines.
 */
const customRuleSchema: SchemaConverter = (meta) => {
  const target = meta.target as { prototype?: object } | undefined;
  const declared: unknown = target?.prototype ? Reflect.getMetadata('design:type', target.prototype, meta.propertyName) : undefined;
  if (declared === Array) return { type: 'array', items: {} };
  if (declared === String) return { type: 'string' };
  if (declared === Number) return { type: 'number' };
  if (declared === Boolean) return { type: 'boolean' };
  return {};
};

/** Whether the field's rules take whole numbers only: an IsInt beside the bound (for the same values, the field or each item). */
function wholeNumbers(meta: Parameters<SchemaConverter>[0]): boolean {
  const target = meta.target as new () => object;
  return getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)
    .some((rule) => rule.propertyName === meta.propertyName && rule.name === IS_INT && Boolean(rule.each) === Boolean(meta.each));
}

/**
 * Min and Max. The library's converters say `type: number` for a bound, and that came after IsInt's
 * `integer` in the merged schema, so every id, limit and offset was documented as any number.
 */
const boundSchema = (keyword: 'minimum' | 'maximum'): SchemaConverter => (meta) => ({
  [keyword]: meta.constraints[0] as number,
  type: wholeNumbers(meta) ? 'integer' : 'number',
});

const OPTIONS = {
  refPointerPrefix: SCHEMA_PREFIX,
  classTransformerMetadataStorage: defaultMetadataStorage,
  additionalConverters: {
    [ValidationTypes.CUSTOM_VALIDATION]: customRuleSchema,
    [MIN]: boundSchema('minimum'),
    [MAX]: boundSchema('maximum'),
  },
};

export type JsonSchema = ReturnType<typeof targetConstructorToSchema>;

/**
 * JSON schemas of every class-validator class in contracts: the request DTOs (the rules that
 * check requests) and the response schema classes.
 */
export function contractSchemas(): Record<string, JsonSchema> {
  return validationMetadatasToSchemas(OPTIONS);
}

/** The JSON schema of one contracts class. */
export function schemaOf(target: new () => object): JsonSchema {
  return targetConstructorToSchema(target, OPTIONS);
}
