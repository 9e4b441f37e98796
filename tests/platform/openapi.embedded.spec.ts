import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { RunningServer } from '@stardeck/api';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../support/embedded';
import { typeCheckGeneratedClient } from '../support/generated-client';

type Operation = {
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: FieldSchema }[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
};
type FieldSchema = { type?: string | string[]; items?: FieldSchema };

/** Ids, counts and positions: the API takes whole numbers only for these names. */
const WHOLE_NUMBER_NAME = /^(id|ids|limit|offset|before|as_of|compare|since_id|track_timestamp|maxwidth|maxheight|filesize)$|_ids?$/;
const typesOf = (schema: FieldSchema | undefined): string[] => [schema?.type ?? [], schema?.items?.type ?? []].flat();

/**
 * A client written against the generated types, using the contracts' own types: it compiles only
 * while the document describes each body exactly as contracts types it (both directions).
 */
const CLIENT_USAGE = `
import type { AlbumDetailView, AlbumView, ErrorEnvelope, InviteView, Me, TagView, TrackView, UserSummary } from '@stardeck/contracts';
import type { components, paths } from './api';

type Schemas = components['schemas'];
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export const trackToDocument = (track: TrackView): Schemas['TrackViewSchema'] => track;
export const trackFromDocument = (track: Schemas['TrackViewSchema']): TrackView => track;
export const meToDocument = (me: Me): Schemas['MeSchema'] => me;
export const meFromDocument = (me: Schemas['MeSchema']): Me => me;
export const inviteToDocument = (invite: InviteView): Schemas['InviteViewSchema'] => invite;
export const inviteFromDocument = (invite: Schemas['InviteViewSchema']): InviteView => invite;
export const tagToDocument = (tag: TagView): Schemas['TagViewSchema'] => tag;
export const tagFromDocument = (tag: Schemas['TagViewSchema']): TagView => tag;
export const userToDocument = (user: UserSummary): Schemas['UserSummarySchema'] => user;
export const userFromDocument = (user: Schemas['UserSummarySchema']): UserSummary => user;
export const albumToDocument = (album: AlbumView): Schemas['AlbumViewSchema'] => album;
export const albumFromDocument = (album: Schemas['AlbumViewSchema']): AlbumView => album;
type GetAlbum = Json<paths['/v1/albums/{id}']['get']['responses'][200]>;
export const albumOf = (body: GetAlbum): AlbumDetailView => body.data.album;
export const errorToDocument = (error: ErrorEnvelope): Schemas['ErrorEnvelopeSchema'] => error;
export const errorFromDocument = (error: Schemas['ErrorEnvelopeSchema']): ErrorEnvelope => error;

type GetTrack = Json<paths['/v1/tracks/{id}']['get']['responses'][200]>;
export const trackOf = (body: GetTrack): TrackView => body.data.track;
type ListTracks = Json<paths['/v1/tracks']['get']['responses'][200]>;
export const firstOf = (body: ListTracks): TrackView | undefined => (body.status === 'success' ? body.data.tracks[0] : undefined);
type Login = Json<paths['/v1/login']['post']['responses'][200]>;
export const signedIn = (body: Login): Me => body.me;
export const listQuery: NonNullable<paths['/v1/tracks']['get']['parameters']['query']> = { sort_key: 'play_count', tag_ids: [1, 2], limit: 10 };
`;

describe('the OpenAPI document', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-openapi-'));
  let server: RunningServer;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties?: Record<string, FieldSchema> }> };
  };

  beforeAll(async () => {
    server = await startEmbeddedServer(dataDir, { roles: ['api'] });
    document = (await request(server.url).get('/docs/openapi.json').expect(200)).body;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("passes the linter's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('gives every operation a summary, its security and the body of its success answer', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method} ${path}`, op })));
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, op } of operations) {
      expect(op.summary, name).toBeTruthy();
      expect(op.security, name).toBeDefined();
      // A redirect (the public audio URL) succeeds with its Location header and no body.
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2') || (status.startsWith('3') && status !== '304'));
      expect(success.length, name).toBe(1);
      if (success[0]![0].startsWith('2')) expect(Object.keys(success[0]![1].content ?? {}), name).not.toEqual([]);
      else expect(success[0]![1].headers?.location, name).toBeDefined();
      expect(op.responses['4XX'], name).toBeDefined();
    }
  });

  it('documents every album route', () => {
    const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methods('/v1/albums')).toEqual(['get', 'post']);
    expect(methods('/v1/albums/{id}')).toEqual(['delete', 'get', 'put']);
    expect(methods('/v1/albums/{id}/tracks')).toEqual(['put']);
    expect(methods('/v1/albums/user/{username}')).toEqual(['get']);
    expect(methods('/v1/tracks/{id}/albums')).toEqual(['get']);
    expect(document.paths['/v1/albums']!.post!.summary).toBe('Create an album of my tracks (core or premium)');
  });

  it('types ids, limits and offsets as integers, in query parameters and request bodies alike', () => {
    const fields = [
      ...Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).flatMap(([method, op]) =>
        (op.parameters ?? []).map((p) => ({ name: p.name, where: `${method} ${path} ${p.in}`, schema: p.schema })))),
      ...Object.entries(document.components.schemas).filter(([name]) => name.endsWith('Dto')).flatMap(([name, schema]) =>
        Object.entries(schema.properties ?? {}).map(([field, fieldSchema]) => ({ name: field, where: name, schema: fieldSchema }))),
    ].filter((field) => WHOLE_NUMBER_NAME.test(field.name) && typesOf(field.schema).some((type) => type === 'number' || type === 'integer'));
    const asNumber = fields.filter((field) => typesOf(field.schema).includes('number')).map((field) => `${field.where}: ${field.name}`);
    expect(asNumber).toEqual([]);
    // Every list's limit and offset, and the bodies' track ids, were checked.
    expect(fields.filter((field) => field.name === 'limit').length).toBeGreaterThan(20);
    expect(fields.filter((field) => field.name === 'offset').length).toBeGreaterThan(20);
    expect(fields.some((field) => field.name === 'track_id' && field.where === 'CollectionTrackDto')).toBe(true);
  });

  it('generates a client whose types agree with the contracts', async () => {
    expect(await typeCheckGeneratedClient(document, CLIENT_USAGE)).toEqual([]);
  });
});
