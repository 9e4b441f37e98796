import { get } from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, expect } from 'vitest';
// supertest's request class: every API call an end-to-end suite makes goes through its end().
import Test from 'supertest/lib/test.js';

/**
 * Setup file of the end-to-end projects: every JSON answer a suite gets from the API through
 * supertest is checked against the OpenAPI document that same server serves, and the file fails
 * in the end with the list of answers the document does not describe (their operation, status
 * and the first schema errors). Thousands of calls on both configurations check the document,
 * so it cannot drift from what the API does.
 */

type Json = Record<string, any>;
interface Operation {
  template: string;
  pattern: RegExp;
  params: number;
  methods: Record<string, Json>;
}
interface Served {
  document: Json;
  operations: Operation[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction | null>;
}

const STATE = Symbol.for('stardeck.responseConformance');
const state = ((globalThis as any)[STATE] ??= { documents: new Map(), compiled: new Map(), patched: false }) as {
  /** By server origin. */
  documents: Map<string, Promise<Served | null>>;
  /**
   * By the document's text: every server of a run serves the same document, so a worker compiles
   * its schemas once rather than once per test file (a worker runs many files).
   */
  compiled: Map<string, Served>;
  patched: boolean;
};
/** This file's checks, and what they found (setup files run again for every test file). */
const checks: Promise<void>[] = [];
const mismatches = new Set<string>();
(globalThis as any)[Symbol.for('stardeck.responseConformance.current')] = { checks, mismatches };

function served(origin: string): Promise<Served | null> {
  let found = state.documents.get(origin);
  if (!found) {
    found = fetchDocument(origin)
      .then((text) => {
        if (text === null) return null;
        let compiled = state.compiled.get(text);
        if (!compiled) state.compiled.set(text, (compiled = compile(JSON.parse(text) as Json)));
        return compiled;
      })
      .catch(() => null);
    state.documents.set(origin, found);
  }
  return found;
}

/**
 * The document, over a connection of its own that closes after the answer: a kept-alive one
 * would hold the server's close open until it timed out.
 */
function fetchDocument(origin: string): Promise<string | null> {
  return new Promise((resolve) => {
    const req = get(`${origin}/docs/openapi.json`, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(null);
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
  });
}

function compile(document: Json): Served {
  const operations = Object.entries(document.paths as Record<string, Json>).map(([template, methods]) => {
    const names = template.match(/\{[^}]+\}/g) ?? [];
    const source = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([^/]+)');
    return { template, pattern: new RegExp(`^${source}$`), params: names.length, methods };
  });
  // Literal paths first: /v1/tracks/infinite before /v1/tracks/{id}.
  operations.sort((a, b) => a.params - b.params);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
  return { document, operations, ajv, validators: new Map() };
}

function resolve(document: Json, node: Json | undefined): Json | undefined {
  let current = node;
  while (current?.$ref) current = current.$ref.slice(2).split('/').reduce((at: Json, key: string) => at?.[key], document);
  return current;
}

/** Rewrites the document's local references so the schema compiles on its own against the registered components. */
function detached(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi.json#/'));
}

function check(doc: Served, method: string, path: string, status: number, body: unknown): string | null {
  const operation = doc.operations.find((op) => op.pattern.test(path) && op.methods[method]);
  if (!operation) return null;
  const responses = operation.methods[method].responses as Json;
  const key = `${method.toUpperCase()} ${operation.template} ${status}`;
  const declared = resolve(doc.document, responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default);
  if (!declared) return `${key}: the document declares no such answer`;
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return `${key}: the document declares no JSON body for it`;
  let validate = doc.validators.get(key);
  if (validate === undefined) {
    validate = doc.ajv.compile(detached(schema));
    doc.validators.set(key, validate);
  }
  // The bare envelope allows any other field: an answer with `data` there carries what the document does not say.
  if (schema.$ref?.endsWith('/SuccessEnvelopeSchema') && body && typeof body === 'object' && (body as Json).data !== undefined && (body as Json).data !== null) {
    return `${key}: returns data the document does not describe`;
  }
  if (!validate || validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`);
  return `${key}: ${errors.join('; ')}`;
}

function record(method: string, url: string, status: number, type: string | undefined, body: unknown): void {
  if (!type?.includes('application/json')) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  const current = (globalThis as any)[Symbol.for('stardeck.responseConformance.current')] as { checks: Promise<void>[]; mismatches: Set<string> };
  current.checks.push(served(parsed.origin).then((doc) => {
    if (!doc) return;
    const mismatch = check(doc, method.toLowerCase(), parsed.pathname, status, body);
    if (mismatch) current.mismatches.add(mismatch);
  }));
}

if (!state.patched) {
  state.patched = true;
  const end = Test.prototype.end;
  Test.prototype.end = function patchedEnd(this: any, fn?: (err: unknown, res: any) => void) {
    return end.call(this, (err: unknown, res: any) => {
      const response = res ?? (err as any)?.response;
      if (response) record(this.method, this.url, response.status, response.headers?.['content-type'], response.body);
      fn?.(err, res);
    });
  };
}

afterAll(async () => {
  await Promise.all(checks);
  expect([...mismatches].sort(), 'answers the OpenAPI document does not describe').toEqual([]);
});
