import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { REFRESH_COOKIE } from '@stardeck/contracts';
import { SCHEMA_PREFIX, contractSchemas } from './common/contract-schemas';
import { publishNullableAs31 } from './openapi-nullable';

type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;

const ERROR_RESPONSE = 'Error';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Every error answer, whatever the route, is the spec §8 envelope (the global exception filter). */
function addErrorResponses(document: OpenAPIObject): void {
  const error = { $ref: `#/components/responses/${ERROR_RESPONSE}` };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.responses = { ...operation.responses, '4XX': error, '5XX': error };
    }
  }
}

/**
 * The OpenAPI document. Request bodies and response bodies are described from the contracts'
 * class-validator classes, so the document cannot drift from what the API accepts and answers.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('stardeck API')
      .setDescription('Every response carries status, status_code and msg {title, description}; errors may add per-field `errors`.')
      .setVersion('1')
      // Relative: the document is served by the instance it describes, behind whatever address people use.
      .addServer('/', 'this stardeck instance')
      .addBearerAuth()
      .addCookieAuth(REFRESH_COOKIE)
      .build(),
  );
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(contractSchemas() as Schemas) },
    responses: {
      ...document.components?.responses,
      [ERROR_RESPONSE]: {
        description: 'The error envelope: msg says what went wrong, errors names the fields of a form call',
        content: { 'application/json': { schema: { $ref: `${SCHEMA_PREFIX}ErrorEnvelopeSchema` } } },
      },
    },
  };
  addErrorResponses(document);
  publishNullableAs31(document.paths);
  publishNullableAs31(document.components);
  document.openapi = '3.1.0';
  return document;
}
