import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { checkSafeBody, checkSafeInput, type InputProblem } from '@stardeck/contracts';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { bodyKindOf } from './body-types';

/** The 400 for input no rule of a form should even see (NUL, lone surrogates, huge numbers, deep nesting). */
export function unsafeInputError(problem: InputProblem): ApiError {
  return ApiError.badRequest('Validation Failed', problem.message, problem.field ? { [problem.field]: problem.message } : undefined);
}

/** Throws the 400 when a body, query or route parameter breaks the rule shared with the client. */
export function assertSafeInput(value: unknown, kind: 'body' | 'query' | 'param', name?: string): void {
  // A whole body must be an object; a single named part of it (`@Body('x')`) is a value like any other.
  const problem = kind === 'body'
    ? name === undefined ? checkSafeBody(value) : checkSafeInput(value, name)
    : checkSafeInput(value, name, { fromUrl: true });
  if (problem) throw unsafeInputError(problem);
}

/**
 * Every body, query and route parameter a handler takes passes here, plain strings included:
 * first the safe-input rule from `contracts`, then the DTO's rules, answered with the first
 * message of each field, keyed by field, so the form can show them in place. (Over HTTP the
 * hook below has already checked the whole request; the pipe keeps the rule for any other
 * transport a handler is reached through.)
 */
@Injectable()
export class ContractValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return value;
    if (value !== undefined) assertSafeInput(value, metadata.type, metadata.data);
    const type = metadata.metatype;
    if (!type || [String, Number, Boolean, Array, Object].includes(type as never)) return value;
    if (metadata.type !== 'query') return checked(type, value);
    // Query strings repeat (a list's first page, the tag cloud): the outcome of one is kept, keyed
    // by the DTO and the parsed query, and each request gets its own copy of the checked object.
    const key = JSON.stringify(value ?? {});
    let outcome = checkedQueries.get(type)?.get(key);
    if (!outcome) {
      outcome = await checked(type, value).then((instance) => ({ instance }), (error: unknown) => ({ error }));
      remember(type, key, outcome);
    }
    if ('error' in outcome) throw outcome.error;
    return Object.assign(Object.create(Object.getPrototypeOf(outcome.instance) as object) as object, outcome.instance);
  }
}

/** The DTO instance for `value`, or the 400 naming the first broken rule of each field. */
async function checked(type: NonNullable<ArgumentMetadata['metatype']>, value: unknown): Promise<object> {
  const instance = plainToInstance(type, value ?? {}) as object;
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true });
  if (errors.length === 0) return instance;
  const fields = flatten(errors);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw ApiError.badRequest('Validation Failed', first, fields);
}

type Outcome = { instance: object } | { error: unknown };
const CHECKED_QUERIES_PER_DTO = 500;
const checkedQueries = new Map<unknown, Map<string, Outcome>>();

/** Keeps an outcome, dropping the oldest of the DTO's when it holds too many. */
function remember(type: unknown, key: string, outcome: Outcome): void {
  let kept = checkedQueries.get(type);
  if (!kept) checkedQueries.set(type, (kept = new Map()));
  if (kept.size >= CHECKED_QUERIES_PER_DTO) kept.delete(kept.keys().next().value!);
  kept.set(key, outcome);
}

/**
 * The HTTP body rule set for input that arrives another way (socket payloads): the safe-input rule,
 * then the DTO's rules. Resolves to the checked instance, or throws the same 400 ApiError.
 */
export async function validatePayload<T extends object>(type: new () => T, value: unknown): Promise<T> {
  return (await new ContractValidationPipe().transform(value, { type: 'body', metatype: type })) as T;
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

/**
 * Applies the same rule to everything a request carries, whether or not its handler reads it: a
 * route that ignores its query or body must not act on a request that holds a NUL byte. Raw and
 * multipart bodies are not parsed here; their readers check what they take.
 */
export function registerSafeInputCheck(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    assertSafeInput(request.params, 'param');
    assertSafeInput(request.query, 'query');
    if (request.body !== undefined && bodyKindOf(request) === 'json') assertSafeInput(request.body, 'body');
  });
}
