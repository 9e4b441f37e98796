import type { MemberTier, TrackVisibility, UserConfig } from '@stardeck/contracts';
import request from 'supertest';
import { expect } from 'vitest';
import { bearer, login, signUp, type Session } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures, type FixtureFormat } from './audio-fixtures';
import { createTrack, putUpload, uploadTrack, type ApiTarget } from './uploads';

/** A signed-in member whose password is known, so tests can sign in again. */
export type Member = Session & { email: string; password: string };

export interface NewMemberOptions {
  /** Set by an admin through the tier command; members start on free. */
  tier?: MemberTier;
  /** Saved by the member through PATCH /v1/manage/user, with the tier's quality fallback. */
  config?: Partial<UserConfig>;
}

export interface NewTrackOptions {
  owner: Session;
  /** Defaults to public: most tests want a track others can see. */
  visibility?: TrackVisibility;
  /**
   * `ready` (default) and `failed` wait for the transcoder's outcome, so the server must run the
   * transcoder role. `processing` returns as soon as the track is created.
   */
  status?: 'ready' | 'failed' | 'processing';
  title?: string;
  description?: string;
  tags?: string[];
  /** Audio format of the upload for a ready or processing track (default mp3). */
  format?: FixtureFormat;
}

export interface Factories {
  newMember(options?: NewMemberOptions): Promise<Member>;
  newTrack(options: NewTrackOptions): Promise<number>;
  /** The tier command as an admin would send it; the member's next request sees the new tier. */
  setTier(member: Session, tier: MemberTier): Promise<void>;
  /** The member saves settings; their session's `me` is updated from the answer. */
  setConfig(member: Session, config: Partial<UserConfig>): Promise<UserConfig>;
  /** Removes the audio files made for uploads. */
  dispose(): Promise<void>;
}

/**
 * Test data made the way people make it: every member signs up through the waitlist, every tier
 * and setting is a command, every track is a real upload through preflight, storage and the
 * transcoder. Nothing writes to a read model directly, so a factory-made world is one the event
 * log fully explains (and a rebuild reproduces).
 */
export function factories(target: ApiTarget & { admin: Session }): Factories {
  let audio: Promise<AudioFixtures> | null = null;
  const files = new Map<string, Promise<string>>();
  // Each file is made once and reused: the same path written twice at once would be corrupt.
  const file = (name: string, make: (fixtures: AudioFixtures) => Promise<string>) => {
    if (!files.has(name)) files.set(name, (audio ??= createAudioFixtures()).then(make));
    return files.get(name)!;
  };

  const setTier = async (member: Session, tier: MemberTier) => {
    const res = await request(target.url).put(`/v1/admin/users/${member.me.id}/tier`).set(bearer(target.admin)).send({ tier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const setConfig = async (member: Session, config: Partial<UserConfig>) => {
    const res = await request(target.url).patch('/v1/manage/user').set(bearer(member)).send({ config });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    member.me = res.body.me;
    return res.body.me.config as UserConfig;
  };

  return {
    setTier,
    setConfig,

    async newMember(options = {}) {
      const account = await signUp(target.url, target.admin);
      if (options.tier && options.tier !== 'free') {
        const res = await request(target.url).put(`/v1/admin/users/${account.id}/tier`).set(bearer(target.admin)).send({ tier: options.tier });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const member: Member = { ...(await login(target.url, account.email, account.password)), email: account.email, password: account.password };
      if (options.config) await setConfig(member, options.config);
      return member;
    },

    async newTrack(options) {
      const fields = {
        visibility: options.visibility ?? 'public',
        ...(options.title === undefined ? {} : { title: options.title }),
        ...(options.description === undefined ? {} : { description: options.description }),
        ...(options.tags === undefined ? {} : { tags: options.tags }),
      };
      const status = options.status ?? 'ready';
      if (status === 'failed') {
        // Its header promises more audio than the file holds: it passes the upload checks and fails to transcode.
        return uploadTrack(target, options.owner, await file('truncated', (f) => f.truncatedFlac()), fields, 'failed');
      }
      const format = options.format ?? 'mp3';
      const path = await file(format, (f) => f.make(format));
      if (status === 'ready') return uploadTrack(target, options.owner, path, fields, 'ready');
      const created = await createTrack(target, options.owner, await putUpload(target, options.owner, path), fields);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.track.id as number;
    },

    async dispose() {
      if (audio) await (await audio).remove();
    },
  };
}
