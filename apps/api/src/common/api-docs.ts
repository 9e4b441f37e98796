import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { SCHEMA_PREFIX, schemaOf } from './contract-schemas';

/** The schema an ApiResponse takes. */
type SchemaObject = Extract<Parameters<typeof ApiResponse>[0], { schema: unknown }>['schema'];

/** Where the document keeps the schemas built from the contracts' classes (see openapi.ts). */
export const schemaRef = (schema: { name: string }) => `${SCHEMA_PREFIX}${schema.name}`;

const SUCCESS = { $ref: `${SCHEMA_PREFIX}SuccessEnvelopeSchema` };

interface EnvelopeOptions {
  /** The schema class of `data`; none when the answer carries only a message. */
  data?: { name: string };
  /** Login and sync answer with the signed-in member's Me. */
  me?: boolean;
  description?: string;
}

/**
 * One operation's summary and its success answer: the spec's envelope, with `data` (and `me`)
 * described by schema classes from contracts.
 */
export function ApiEnvelope(summary: string, status: number, options: EnvelopeOptions = {}) {
  const required = [...(options.data ? ['data'] : []), ...(options.me ? ['me'] : [])];
  const properties: Record<string, { $ref: string }> = {
    ...(options.data ? { data: { $ref: schemaRef(options.data) } } : {}),
    ...(options.me ? { me: { $ref: `${SCHEMA_PREFIX}MeSchema` } } : {}),
  };
  const schema: SchemaObject = required.length === 0 ? SUCCESS : { allOf: [SUCCESS, { type: 'object', required, properties }] };
  return applyDecorators(
    ApiOperation({ summary }),
    ApiResponse({ status, description: options.description ?? summary, schema }),
  );
}

/** Open to visitors: no credentials. */
export const ApiPublic = () => ApiSecurity({});

/** Visitors get the public view; a bearer token adds what the member may see. */
export const ApiOptionalBearer = () => applyDecorators(ApiSecurity({}), ApiBearerAuth());

/** The query parameters of an operation, one per field of the contracts DTO that checks them. */
export function ApiQueryFrom(dto: new () => object) {
  const schema = schemaOf(dto);
  const required = new Set(schema.required ?? []);
  return applyDecorators(...Object.entries(schema.properties ?? {}).map(([name, field]) =>
    ApiQuery({ name, required: required.has(name), schema: field as SchemaObject })));
}
