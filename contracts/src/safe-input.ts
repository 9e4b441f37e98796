/**
 * What every request input must be before any rule of a form looks at it. Pure and free of
 * class-validator, so the web client can run the same check before it sends.
 */

/**
 * The largest whole number that JSON, JavaScript and a Postgres bigint all hold exactly
 * (2^53 - 1). Past it, 9007199254740993 silently becomes 9007199254740992.
 */
export const MAX_WHOLE_NUMBER = Number.MAX_SAFE_INTEGER;

/** Request bodies nest a few levels; anything far deeper only works the parsers and walkers behind them. */
export const MAX_INPUT_DEPTH = 32;

export const SAFE_INPUT_MSG = {
  nul: 'must not contain the NUL character',
  surrogate: 'must be valid Unicode text (it holds half of a surrogate pair)',
  number: `must be a number between -${MAX_WHOLE_NUMBER} and ${MAX_WHOLE_NUMBER}`,
  depth: `The request nests more than ${MAX_INPUT_DEPTH} levels deep`,
  notObject: 'The request body must be a JSON object',
} as const;

export interface InputProblem {
  /** Where the problem is, e.g. `tags.2` or `email`; empty for the input as a whole. */
  field: string;
  /** A sentence that names the field, ready to show. */
  message: string;
}

/** NUL cannot be stored in Postgres text; a lone surrogate cannot be encoded as UTF-8 (or stored in jsonb). */
const NUL = /\0/;
const LONE_SURROGATE = /\p{Cs}/u;

const WHOLE_NUMBER_TEXT = /^\s*-?\d+\s*$/;

function textProblem(text: string): string | null {
  if (NUL.test(text)) return SAFE_INPUT_MSG.nul;
  if (LONE_SURROGATE.test(text)) return SAFE_INPUT_MSG.surrogate;
  return null;
}

export interface SafeInputOptions {
  /**
   * The input comes from a URL (query or path), where every value is text and one written as a
   * whole number is read as a number: such text must then fit in MAX_WHOLE_NUMBER too.
   */
  fromUrl?: boolean;
}

/** Parsed JSON, query strings (objects without Object.prototype) and params; binary data is not text to check. */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  return !(value instanceof ArrayBuffer) && !ArrayBuffer.isView(value);
}

interface Found {
  kind: 'value' | 'key' | 'depth';
  /** Keys from the input's root to the value (or to the object holding the key). */
  path: string[];
  problem: string;
}

function valueProblem(value: unknown, options: SafeInputOptions): string | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) return problem;
    if (options.fromUrl && WHOLE_NUMBER_TEXT.test(value) && !Number.isSafeInteger(Number(value))) return SAFE_INPUT_MSG.number;
  } else if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value) > MAX_WHOLE_NUMBER)) {
    return SAFE_INPUT_MSG.number;
  }
  return null;
}

/**
 * Depth-first in document order. The recursion is bounded by MAX_INPUT_DEPTH, so a hostile
 * depth cannot exhaust the call stack; paths are only built for the problem found, so a large
 * flat list costs one pass.
 */
function walk(value: unknown, depth: number, options: SafeInputOptions): Found | null {
  if (!isContainer(value)) {
    const problem = valueProblem(value, options);
    return problem ? { kind: 'value', path: [], problem } : null;
  }
  if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth', path: [], problem: SAFE_INPUT_MSG.depth };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = walk(value[i], depth + 1, options);
      if (found) return found.kind === 'depth' ? found : { ...found, path: [String(i), ...found.path] };
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { kind: 'key', path: [], problem: keyProblem };
    const found = walk(value[key], depth + 1, options);
    if (found) return found.kind === 'depth' ? found : { ...found, path: [key, ...found.path] };
  }
  return null;
}

/**
 * The first problem in a parsed input (a JSON body, a query object, route params or a single
 * string), or null when there is none: NUL characters, lone surrogates (in values and in keys),
 * numbers past ±MAX_WHOLE_NUMBER (or not finite; with `fromUrl`, whole-number text too), and
 * nesting deeper than MAX_INPUT_DEPTH. `field` names a single value (a route parameter) in the message.
 */
export function checkSafeInput(value: unknown, field = '', options: SafeInputOptions = {}): InputProblem | null {
  const found = walk(value, 0, options);
  if (!found) return null;
  if (found.kind === 'depth') return { field: '', message: found.problem };
  const path = [...(field ? [field] : []), ...found.path].join('.');
  if (found.kind === 'key') return { field: path, message: `A key${path ? ` in ${path}` : ''} ${found.problem}` };
  return { field: path, message: `${path || 'The input'} ${found.problem}` };
}

/** A request body: a JSON object (not an array, string or number) whose contents pass checkSafeInput. */
export function checkSafeBody(body: unknown): InputProblem | null {
  if (!isContainer(body) || Array.isArray(body)) return { field: '', message: SAFE_INPUT_MSG.notObject };
  return checkSafeInput(body);
}
