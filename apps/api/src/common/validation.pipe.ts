import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { ApiError } from './api-error';

/**
 * Validates bodies and queries with the rule set from `contracts` and answers with the first
 * message of each field, keyed by field, so the form can show them in place.
 */
@Injectable()
export class ContractValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype;
    if (!type || [String, Number, Boolean, Array, Object].includes(type as never) || metadata.type === 'custom') return value;
    const instance = plainToInstance(type, value ?? {}) as object;
    const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true });
    if (errors.length === 0) return instance;
    const fields = flatten(errors);
    const first = Object.values(fields)[0] ?? 'Invalid request';
    throw ApiError.badRequest('Validation Failed', first, fields);
  }
}

function flatten(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages[0]) out[key] = messages[0];
    if (error.children?.length) Object.assign(out, flatten(error.children, key));
  }
  return out;
}
