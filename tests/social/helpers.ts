import request from 'supertest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { bearer, member, startTracksWorld, uploadTrack, type Session, type TracksWorld } from '../tracks/helpers';

export { bearer, type Session };

/** A member of the world, with what a browser signs in with. */
export type Member = Session & { email: string; password: string };

export interface SocialWorld extends TracksWorld {
  fixtures: AudioFixtures;
  /** A 4-second mp3 to upload. */
  mp3: string;
  /** Uploads tracks and saves, collects and comments on them. */
  owner: Member;
  fan: Member;
  stranger: Member;
  /** The owner's tracks, one of each visibility, all transcoded. */
  tracks: { public: number; unlisted: number; private: number };
}

/**
 * How long a suite may take to start its world: three sign-ups and three transcodes, which on a
 * machine busy with other suites takes well past the default hook timeout.
 */
export const WORLD_START_MS = 180_000;

/** The whole stack with three members and the owner's three tracks: public, unlisted and private. */
/** `webDir` serves the built client too, for browser suites. */
export async function startSocialWorld(options: { webDir?: string } = {}): Promise<SocialWorld> {
  const [world, fixtures] = await Promise.all([startTracksWorld(options), createAudioFixtures()]);
  const [owner, fan, stranger] = await Promise.all([member(world), member(world), member(world)]);
  const mp3 = await fixtures.make('mp3');
  const tracks = {
    public: await uploadTrack(world, owner, mp3, { visibility: 'public', title: 'Open Sky' }),
    unlisted: await uploadTrack(world, owner, mp3, { visibility: 'unlisted', title: 'Side Door' }),
    private: await uploadTrack(world, owner, mp3, { visibility: 'private', title: 'Diary' }),
  };
  return {
    ...world, fixtures, mp3, owner, fan, stranger, tracks,
    stop: async () => {
      await world.stop();
      await fixtures.remove();
    },
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One API call as `session` (or a visitor when null). */
export function call(world: TracksWorld, session: Session | null, method: Method, path: string, body?: object, query?: object) {
  let req = request(world.url)[method](path);
  if (session) req = req.set(bearer(session));
  if (query) req = req.query(query);
  return body === undefined ? req : req.send(body);
}

/** Events in the log: what a refused request must leave unchanged. */
export async function eventCount(world: TracksWorld): Promise<number> {
  const row = await world.server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createCollection(world: TracksWorld, session: Session, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(world, session, 'post', '/v1/manage/collections', { name: 'Night Drive', visibility: 'public', ...fields });
  if (res.status !== 201) throw new Error(`collection not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.collection.id as number;
}

export async function addToCollection(world: TracksWorld, session: Session, collectionId: number, trackId: number): Promise<void> {
  const res = await call(world, session, 'post', `/v1/manage/collections/${collectionId}/tracks`, { track_id: trackId });
  if (res.status !== 200) throw new Error(`track not added: ${res.status} ${JSON.stringify(res.body)}`);
}

export const idsOf = (items: { id: number }[]) => items.map((item) => item.id);

/** One more ready track of `session`'s, from the world's mp3. */
export function uploadExtra(world: SocialWorld, session: Session, fields: { visibility?: 'public' | 'unlisted' | 'private'; title?: string } = {}): Promise<number> {
  return uploadTrack(world, session, world.mp3, { visibility: fields.visibility ?? 'public', title: fields.title ?? 'Extra' });
}
