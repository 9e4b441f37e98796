// class-transformer's @Type reads design-time metadata when a schema class is defined.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsObject, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Rules, type FieldDecorator } from '../rules';

/**
 * Field markers of the response schema classes. The classes describe response bodies for the
 * OpenAPI document (class-validator-jsonschema turns them into JSON schemas, as it does for the
 * request DTOs); nothing validates responses with them at run time.
 */

type SchemaClass = new () => object;

/**
 * Always present, possibly null. Not for a field that has another JSONSchema decorator (Timestamp,
 * TextMap, AnyObject): only one applies per field. An object reference gets wrapped: OpenAPI 3.0 ignores the siblings
 * of a $ref, and `nullable` needs a `type` beside it.
 */
export const Nullable = (): FieldDecorator =>
  JSONSchema((schema) => ('$ref' in schema ? { type: 'object', nullable: true, allOf: [schema] } : { ...schema, nullable: true })) as FieldDecorator;

/** An object described by another schema class. */
export const Nested = (type: () => SchemaClass): FieldDecorator => Rules(ValidateNested(), Type(type) as FieldDecorator);

/** A list of objects described by another schema class. */
export const NestedList = (type: () => SchemaClass): FieldDecorator =>
  Rules(IsArray(), ValidateNested({ each: true }), Type(type) as FieldDecorator);

/** An ISO 8601 date and time; `nullable` when it may be null (a property takes one schema decorator only). */
export const Timestamp = (options: { nullable?: boolean } = {}): FieldDecorator =>
  Rules(IsString(), JSONSchema({ format: 'date-time', ...(options.nullable ? { nullable: true } : {}) }) as FieldDecorator);

/** Names to strings (headers, form fields, per-field messages). */
export const TextMap = (): FieldDecorator => Rules(IsObject(), JSONSchema({ additionalProperties: { type: 'string' } }) as FieldDecorator);

/** An object of any shape (an event's payload). */
export const AnyObject = (): FieldDecorator => Rules(IsObject(), JSONSchema({ additionalProperties: true }) as FieldDecorator);

/** Any JSON value, null included (an aggregate's folded state, a changed value). */
export const AnyValue = (): FieldDecorator => Allow() as FieldDecorator;
