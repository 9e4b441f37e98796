import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/**
 * The OpenAPI document. Request bodies are described from the same class-validator rules that
 * check them (contracts), so the document cannot drift from what the API accepts.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('stardeck API')
      .setDescription('Every response carries status, status_code and msg {title, description}; errors may add per-field `errors`.')
      .setVersion('1')
      .addBearerAuth()
      .addCookieAuth('stardeck_refresh')
      .build(),
  );
  const fromRules = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(fromRules as NonNullable<OpenAPIObject['components']>['schemas']) },
  };
  return document;
}
