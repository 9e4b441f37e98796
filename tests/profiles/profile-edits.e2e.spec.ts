import { DEFAULT_USER_CONFIG, PROFILE_MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCookieOf } from '../auth/helpers';
import { bearer, getProfile, patchUser, startSocialWorld, usernameOf, type Session, type SocialWorld } from './helpers';

describe('editing one own profile: bio, display name, settings', () => {
  let world: SocialWorld;
  let nova: Session;

  beforeAll(async () => {
    world = await startSocialWorld();
    nova = await world.member();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const profile = async () => (await getProfile(world, nova, usernameOf(nova)).expect(200)).body.data.user;
  /** A fresh sign-in state, as the client gets it; the refresh cookie rotates, so the next sync uses the new one. */
  const sync = async () => {
    const res = await request(world.url).post('/v1/sync').set('cookie', nova.cookie).expect(200);
    nova = { ...nova, cookie: refreshCookieOf(res)!.pair, token: res.headers['x-new-access-token'] as string };
    return res.body.me;
  };
  const setTier = (tier: string) => world.server.platform.database.db.updateTable('users').set({ tier }).where('id', '=', nova.me.id).execute();

  it('saves a bio, trimmed, clears it when blank, and answers with the profile and me', async () => {
    const res = await patchUser(world, nova, { bio: '  terminal dweller  ' }).expect(200);
    expect(res.body.data.user.bio).toBe('terminal dweller');
    expect(res.body.me).toMatchObject({ id: nova.me.id, config: DEFAULT_USER_CONFIG });
    expect((await profile()).bio).toBe('terminal dweller');
    await patchUser(world, nova, { bio: '   ' }).expect(200);
    expect((await profile()).bio).toBeNull();
  });

  it('saves a display name of at most 32 characters, trimmed, shown in me and on the profile', async () => {
    const res = await patchUser(world, nova, { display_name: `  ${'N'.repeat(32)}  ` }).expect(200);
    expect(res.body.me.display_name).toBe('N'.repeat(32));
    expect((await profile()).display_name).toBe('N'.repeat(32));
    expect((await sync()).display_name).toBe('N'.repeat(32));
  });

  it('refuses a blank, missing or too long display name with the spec message, and changes nothing', async () => {
    await patchUser(world, nova, { display_name: 'Nova' }).expect(200);
    const before = await world.eventCount();
    for (const [value, message] of [['   ', 'Display name is required'], [null, 'Display name is required'], [42, 'Display name is required'],
      ['x'.repeat(33), 'Display name must be 32 characters or less']] as const) {
      const res = await patchUser(world, nova, { display_name: value, bio: 'should not be saved' }).expect(400);
      expect(res.body.msg.description).toBe(message);
      expect(res.body.errors).toEqual({ display_name: message });
    }
    expect(await world.eventCount()).toBe(before);
    expect(await profile()).toMatchObject({ display_name: 'Nova', bio: null });
  });

  it('refuses display names that could pass for the system or the staff, however they are dressed up, and changes nothing', async () => {
    await patchUser(world, nova, { display_name: 'Nova' }).expect(200);
    const before = await world.eventCount();
    for (const value of ['system', 'Admin', ' STARDECK ', 'moderator', 'S y s t e m', 'adm1n', 'ѕystem', 'Ｓｔａｒｄｅｃｋ', 'stardeck team', '[system]', 'sys\u200btem']) {
      const res = await patchUser(world, nova, { display_name: value }).expect(400);
      expect(res.body.msg.description, value).toBe(PROFILE_MSG.displayNameReserved);
      expect(res.body.errors).toEqual({ display_name: PROFILE_MSG.displayNameReserved });
    }
    expect(await world.eventCount()).toBe(before);
    expect((await profile()).display_name).toBe('Nova');
    // Names that merely contain such a word are anyone's.
    await patchUser(world, nova, { display_name: 'Badminton Club' }).expect(200);
    await patchUser(world, nova, { display_name: 'systematic' }).expect(200);
    await patchUser(world, nova, { display_name: 'Nova' }).expect(200);
  });

  it('merges settings over the saved ones; me.config carries them', async () => {
    await patchUser(world, nova, { config: { motd: '  hello world  ', default_profile_view: 'library' } }).expect(200);
    const res = await patchUser(world, nova, { config: { allow_recommendations: false } }).expect(200);
    expect(res.body.me.config).toEqual({ ...DEFAULT_USER_CONFIG, motd: 'hello world', default_profile_view: 'library', allow_recommendations: false });
    expect((await sync()).config).toEqual(res.body.me.config);
    await patchUser(world, nova, { config: { motd: null, default_profile_view: 'audio', allow_recommendations: true } }).expect(200);
  });

  it('applies the quality fallback of spec §4 on the server', async () => {
    const save = async (streaming_quality: string) =>
      (await patchUser(world, nova, { config: { streaming_quality } }).expect(200)).body.me.config.streaming_quality as string;
    expect(await save('flac')).toBe('standard');
    expect(await save('high')).toBe('standard');
    await setTier('core');
    expect(await save('flac')).toBe('high');
    expect(await save('high')).toBe('high');
    await setTier('premium');
    expect(await save('flac')).toBe('flac');
    // The tier lapses: what me shows is what the member can hear.
    await setTier('free');
    expect((await sync()).config.streaming_quality).toBe('standard');
    // What is saved is the fallen-back choice: a later upgrade does not turn a refused flac on.
    expect(await save('flac')).toBe('standard');
    await setTier('premium');
    expect((await sync()).config.streaming_quality).toBe('standard');
    await setTier('free');
  });

  it('refuses unknown settings and bad values, naming the field, and saves nothing of the request', async () => {
    const before = await world.eventCount();
    const cases: [unknown, string, string][] = [
      [{ theme: 'dark' }, 'config', 'Unknown setting: theme'],
      [{ streaming_quality: 'ultra' }, 'config.streaming_quality', 'Streaming quality must be standard, high or flac'],
      [{ streaming_quality: null }, 'config.streaming_quality', 'Streaming quality must be standard, high or flac'],
      [{ default_profile_view: 'settings' }, 'config.default_profile_view', expect.stringMatching(/^Default profile view must be one of audio, library/) as unknown as string],
      [{ show_profile_stats: 'yes' }, 'config.show_profile_stats', 'show_profile_stats must be true or false'],
      [{ share_listening_history: null }, 'config.share_listening_history', 'share_listening_history must be true or false'],
      [{ motd: 'm'.repeat(281) }, 'config.motd', 'Message of the day must be 280 characters or less'],
      [{ pinned_track_id: 'abc' }, 'config.pinned_track_id', 'Pinned track not found'],
      [{ pinned_track_id: 999_999 }, 'config.pinned_track_id', 'Pinned track not found'],
      ['dark', 'config', 'config must be an object of settings'],
      [null, 'config', 'config must be an object of settings'],
      [[], 'config', 'config must be an object of settings'],
    ];
    for (const [config, field, message] of cases) {
      const res = await patchUser(world, nova, { bio: 'not saved either', config });
      expect(res.status, JSON.stringify(config)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toEqual(message);
    }
    expect(await world.eventCount()).toBe(before);
    expect((await profile()).bio).toBeNull();
    expect((await sync()).config).toEqual(DEFAULT_USER_CONFIG);
  });

  it('refuses a save that names nothing to change', async () => {
    const res = await patchUser(world, nova, {}).expect(400);
    expect(res.body.msg.description).toBe('Send bio, display_name or config');
  });

  it('appends nothing when a save leaves the profile as it was', async () => {
    await patchUser(world, nova, { bio: 'steady', config: { motd: 'same' } }).expect(200);
    const before = await world.eventCount();
    await patchUser(world, nova, { bio: 'steady', display_name: 'Nova', config: { motd: 'same' } }).expect(200);
    expect(await world.eventCount()).toBe(before);
  });

  it('edits only the signed-in member: a visitor is refused and nobody else changes', async () => {
    const vega = await world.member();
    const visitor = await request(world.url).patch('/v1/manage/user').send({ bio: 'intruder' }).expect(401);
    expect(visitor.body.status).toBe('error');
    await patchUser(world, vega, { bio: 'vega only', user_id: nova.me.id, username: usernameOf(nova) }).expect(200);
    expect((await profile()).bio).toBe('steady');
    expect((await getProfile(world, vega, usernameOf(vega)).expect(200)).body.data.user.bio).toBe('vega only');
    await request(world.url).patch('/v1/manage/user').set(bearer(vega)).set('content-type', 'text/plain').send('{"bio":"x"}').expect(415);
  });
});
