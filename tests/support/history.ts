import { MEMBER_TIERS, STREAMING_QUALITIES, type TrackVisibility } from '@stardeck/contracts';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import sharp from 'sharp';
import request from 'supertest';
import { expect } from 'vitest';
import { bearer, linkParam, login, mailTo, waitlistInvite, type Session } from '../auth/helpers';
import type { Factories, Member } from './factories';
import { waitFor } from './services';

const VISIBILITIES: TrackVisibility[] = ['public', 'unlisted', 'private'];
const TAGS = ['Ambient', 'Drone', 'Night Drive', 'Field Recording', 'Lo-Fi'];

/** A repeatable source of choices: the same seed makes the same history. */
function chooser(seed: number) {
  const rng = xoroshiro128plus(seed);
  const int = (min: number, max: number) => uniformInt(rng, min, max);
  return {
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    chance: (percent: number) => int(1, 100) <= percent,
    some: <T>(items: readonly T[], max: number): T[] => items.filter(() => int(1, items.length) <= max),
  };
}

export interface HistoryTarget {
  url: string;
  admin: Session;
}

export interface GeneratedHistory {
  members: Member[];
  tracks: { id: number; owner: Member; visibility: TrackVisibility }[];
  deleted: number[];
}

/**
 * Many kinds of command through the API, in an order and with values drawn from `seed`: sign-ups
 * through the waitlist and through members' invites (one never verified), access requests left
 * waiting, invites made and deleted, tier and settings changes, a password reset, real uploads
 * (one that fails), edits of title, visibility, tags and artwork, plays, subscriptions, saves,
 * a followed collection filled before and after its followers came, an album published and one deleted,
 * comments, and a deleted track
 * that had been played.
 */
export async function generateHistory(target: HistoryTarget, make: Factories, seed: number): Promise<GeneratedHistory> {
  const random = chooser(seed);
  const api = () => request(target.url);
  const expectOk = (res: request.Response, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

  const members: Member[] = [];
  for (let i = 0; i < 4; i++) members.push(await make.newMember({ tier: random.pick(MEMBER_TIERS) }));

  for (let i = random.int(1, 3); i > 0; i--) {
    expectOk(await api().post('/v1/access_request').send({ email: `waiting${i}.${seed}@example.com`, url: 'https://example.com/me', message: random.chance(50) ? 'let me in' : null }), 201);
  }
  // Answered by an admin, never used.
  await waitlistInvite(target.url, target.admin, `invited.${seed}@example.com`);

  for (const member of members) {
    const invite = await api().post('/v1/invite').set(bearer(member));
    expectOk(invite, 201);
    if (random.chance(40)) expectOk(await api().delete('/v1/invite').set(bearer(member)).send({ invite_id: invite.body.data.invite.id }));
    else if (random.chance(60)) {
      // Redeemed, and the new account never verified.
      const username = `unverified${random.int(1000, 9999)}`;
      expectOk(await api().post('/v1/create_account').send({
        email: `${username}@example.com`, username, password: 'member-password', verify_password: 'member-password', terms: true,
        invitation_key: invite.body.data.invite.key,
      }), 201);
    }
  }

  for (const member of random.some(members, 3)) await make.setTier(member, random.pick(MEMBER_TIERS));
  // A paid plan through the checkout simulator (its signed webhook), and a message to the team.
  const paying = members[0]!;
  for (const plan of ['core', 'premium']) {
    const checkout = await api().post('/v1/checkout').set(bearer(paying)).send({ plan, billing: 'monthly' });
    if (checkout.status === 409) continue;
    expectOk(checkout);
    const session = new URL(checkout.body.data.checkout_url).searchParams.get('session');
    expectOk(await api().post('/v1/payments/simulator/checkout').set(bearer(paying)).send({ session, outcome: 'complete' }));
    break;
  }
  expectOk(await api().post('/v1/contact').set(bearer(paying)).send({ contact_type: 'feedback', email: paying.email, username: paying.me.username, message: 'more drones' }));
  // A conversation both sides wrote in, read by one; news published, changed and deleted by the admin.
  const [sender, recipient] = [members[1]!, members[2]!];
  const first = await api().post('/v1/messages').set(bearer(sender)).send({ recipient_username: recipient.me.username, content: 'hello there' });
  expect([200, 201], JSON.stringify(first.body)).toContain(first.status);
  expect([200, 201]).toContain((await api().post('/v1/messages').set(bearer(recipient)).send({ recipient_username: sender.me.username, content: 'hi back' })).status);
  expectOk(await api().post(`/v1/conversations/${first.body.data.conversation_id}/read`).set(bearer(recipient)));
  const newsIds: number[] = [];
  for (const status of ['published', 'draft', 'published']) {
    const created = await api().post('/v1/manage/news').set(bearer(target.admin)).send({ title: `news ${status}`, content: 'station notes', status, visibility: 'public' });
    expectOk(created, 201);
    newsIds.push(created.body.data.news.id);
  }
  expectOk(await api().put(`/v1/manage/news/${newsIds[1]}`).set(bearer(target.admin)).send({ status: 'published', visibility: 'private' }));
  expectOk(await api().delete(`/v1/manage/news/${newsIds[2]}`).set(bearer(target.admin)));
  for (const member of random.some(members, 3)) {
    await make.setConfig(member, { streaming_quality: random.pick(STREAMING_QUALITIES), share_listening_history: random.chance(70), motd: random.chance(50) ? 'on air' : null });
  }

  const resetting = random.pick(members);
  expectOk(await api().post('/v1/forgot_password').send({ email: resetting.email }));
  const reset = await mailTo(target.url, target.admin, resetting.email, /reset/i);
  const password = 'changed-password';
  expectOk(await api().post('/v1/reset_password').send({ recovery_token: linkParam(reset.link, 'token'), password, verify_password: password }));
  // The reset ended every session of the account: sign in again with the new password.
  Object.assign(resetting, await login(target.url, resetting.email, password), { password });

  const tracks: GeneratedHistory['tracks'] = [];
  for (const format of ['mp3', 'flac', 'ogg'] as const) {
    const owner = random.pick(members);
    const visibility = random.pick(VISIBILITIES);
    const id = await make.newTrack({ owner, visibility, format, title: `take ${tracks.length + 1}`, tags: random.some(TAGS, 2) });
    tracks.push({ id, owner, visibility });
  }
  await make.newTrack({ owner: random.pick(members), visibility: 'public', status: 'failed', tags: [random.pick(TAGS)] });

  const artwork = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#33ccff' } }).png().toBuffer();
  for (let i = 0; i < 4; i++) {
    const track = random.pick(tracks);
    track.visibility = random.pick(VISIBILITIES);
    const edit = {
      track_id: track.id, title: `take ${track.id} (edit ${i})`, visibility: track.visibility, tags: random.some(TAGS, 3),
      ...(i === 1 ? { artwork_data: artwork.toString('base64') } : {}),
      ...(i === 3 ? { remove_artwork: true } : {}),
    };
    expectOk(await api().put('/v1/manage/tracks').set(bearer(track.owner)).send(edit));
  }

  for (let i = 0; i < 8; i++) {
    const listener = random.pick(members);
    const playable = tracks.filter((t) => t.visibility !== 'private' || t.owner === listener);
    if (playable.length > 0) expectOk(await api().get(`/v1/tracks/${random.pick(playable).id}/play`).set(bearer(listener)));
  }

  // Social actions: subscriptions, saves, a collection with followers, comments and a reply.
  const visibleTo = (member: (typeof members)[number]) => tracks.filter((t) => t.visibility !== 'private' || t.owner === member);
  const subscribedTo = new Set<Member>();
  for (const member of members) {
    const other = random.pick(members.filter((m) => m !== member));
    expectOk(await api().post('/v1/subscribe').set(bearer(member)).send({ username: other.me.username }));
    if (random.chance(25)) expectOk(await api().delete('/v1/subscribe').set(bearer(member)).send({ username: other.me.username }));
    else subscribedTo.add(other);
    const saved = random.pick(visibleTo(member));
    expectOk(await api().post('/v1/manage/library').set(bearer(member)).send({ track_id: saved.id }));
    if (random.chance(25)) expectOk(await api().delete('/v1/manage/library').set(bearer(member)).send({ track_id: saved.id }));
  }
  const curator = random.pick(members);
  const collection = await api().post('/v1/manage/collections').set(bearer(curator)).send({ name: `picks ${seed}`, visibility: 'public' });
  expectOk(collection, 201);
  const collectionId = collection.body.data.collection.id as number;
  for (const track of visibleTo(curator)) expectOk(await api().post(`/v1/manage/collections/${collectionId}/tracks`).set(bearer(curator)).send({ track_id: track.id }));
  for (const follower of members.filter((m) => m !== curator)) {
    if (random.chance(60)) expectOk(await api().post(`/v1/manage/collections/${collectionId}/follow`).set(bearer(follower)));
  }
  const commenter = random.pick(members);
  const discussed = random.pick(visibleTo(commenter));
  const comment = await api().post(`/v1/comments/resource/track/${discussed.id}`).set(bearer(commenter)).send({ text: 'that bassline', track_timestamp: 1 });
  expectOk(comment, 201);
  const commentId = comment.body.data.comment.id as number;
  expectOk(await api().put(`/v1/comments/track/${commentId}`).set(bearer(commenter)).send({ text: 'that bassline!', track_timestamp: 2 }));
  const replier = random.pick(members.filter((m) => visibleTo(m).includes(discussed)));
  expectOk(await api().post(`/v1/comments/track/${commentId}/replies`).set(bearer(replier)).send({ text: 'right?' }), 201);

  // Streams filled on write: an upload after its owner gained a subscriber, a track added to the
  // collection after its followers came, a follower leaving and a track taken out again.
  const [reader, uploader] = members as [Member, Member];
  expectOk(await api().post('/v1/subscribe').set(bearer(reader)).send({ username: uploader.me.username }));
  const fresh = await make.newTrack({ owner: uploader, title: 'for the stream', tags: random.some(TAGS, 2) });
  tracks.push({ id: fresh, owner: uploader, visibility: 'public' });
  const [stays, leaves] = members.filter((m) => m !== curator) as [Member, Member];
  expectOk(await api().post(`/v1/manage/collections/${collectionId}/follow`).set(bearer(stays)));
  expectOk(await api().post(`/v1/manage/collections/${collectionId}/tracks`).set(bearer(curator)).send({ track_id: fresh }));
  expectOk(await api().delete(`/v1/manage/collections/${collectionId}/follow`).set(bearer(leaves)));
  const taken = random.pick(visibleTo(curator));
  expectOk(await api().delete(`/v1/manage/collections/${collectionId}/tracks/${taken.id}`).set(bearer(curator)));

  // An album: made private, arranged, then published (its owner's subscribers are told), and a
  // second one deleted; its owner moves to core for it.
  await make.setTier(uploader, 'core');
  const own = tracks.filter((t) => t.owner === uploader).map((t) => t.id);
  const album = await api().post('/v1/albums').set(bearer(uploader)).send({ title: `release ${seed}`, visibility: 'private', tags: random.some(TAGS, 2), track_ids: own });
  expectOk(album, 201);
  const albumId = album.body.data.album.id as number;
  expectOk(await api().put(`/v1/albums/${albumId}/tracks`).set(bearer(uploader)).send({ track_ids: [...own].reverse() }));
  expectOk(await api().put(`/v1/albums/${albumId}`).set(bearer(uploader)).send({ visibility: 'public', release_date: '2026-11-28' }));
  const dropped = await api().post('/v1/albums').set(bearer(uploader)).send({ title: 'withdrawn', track_ids: [fresh] });
  expectOk(dropped, 201);
  expectOk(await api().delete(`/v1/albums/${dropped.body.data.album.id}`).set(bearer(uploader)));

  // Notifications of those subscriptions: one member dismisses one, another dismisses all theirs.
  // The notifications model is async: wait until the member's list shows what they were told.
  const notified = (member: Member) => waitFor(async () => {
    const res = await api().get('/v1/notifications').set(bearer(member));
    const listed = res.body.data?.notifications as { id: string }[] | undefined;
    return listed && listed.length > 0 ? listed : null;
  });
  const [dismissing, clearing] = [...subscribedTo];
  if (dismissing) expectOk(await api().delete(`/v1/notifications/${(await notified(dismissing))[0]!.id}`).set(bearer(dismissing)));
  if (clearing) {
    await notified(clearing);
    expectOk(await api().post('/v1/notifications/delete-all').set(bearer(clearing)));
  }

  const gone = random.pick(tracks);
  expectOk(await api().delete('/v1/manage/tracks').set(bearer(gone.owner)).send({ track_id: gone.id }));
  return { members, tracks: tracks.filter((t) => t !== gone), deleted: [gone.id] };
}
