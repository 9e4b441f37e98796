import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getProfile, startSocialWorld, usernameOf, type Session, type SocialWorld } from './helpers';
import { absoluteUrl } from '../support/urls';

const INVALID = 'Invalid artwork format. Please use jpg, png, gif, or webp.';

/** Random pixels do not compress: a PNG of about width × height × 3 bytes. */
function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** A PNG whose header claims width × height, with almost no image data: tiny to send, huge to decode. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('avatar and banner uploads (spec §5, §8)', () => {
  let world: SocialWorld;
  let nova: Session;

  beforeAll(async () => {
    world = await startSocialWorld();
    nova = await world.member();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const upload = (kind: 'avatar' | 'banner', bytes: Buffer, part: string = kind, session: Session = nova) =>
    request(world.url).post(`/v1/manage/${kind}`).set(bearer(session)).attach(part, bytes, { filename: 'picture.bin', contentType: 'application/octet-stream' });
  const stored = async (url: string) => sharp(Buffer.from(await (await fetch(absoluteUrl(world.url, url))).arrayBuffer())).metadata();
  const keys = () => world.server.platform.database.db.selectFrom('profiles').select(['avatar_key', 'banner_key'])
    .where('user_id', '=', nova.me.id).executeTakeFirst();

  it('stores an avatar resized to 400 px square and shows it on the profile and as an invite sender', async () => {
    const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#33ff99' } }).png().toBuffer();
    const res = await upload('avatar', png).expect(200);
    expect(res.body.msg.title).toBe('Avatar Updated');
    expect(await stored(res.body.data.avatar)).toMatchObject({ format: 'png', width: 400, height: 400 });
    const profile = (await getProfile(world, world.admin, usernameOf(nova)).expect(200)).body.data.user;
    expect(await stored(profile.avatar)).toMatchObject({ format: 'png', width: 400, height: 400 });

    const invite = await request(world.url).post('/v1/invite').set(bearer(nova)).expect(201);
    const check = await request(world.url).get(`/v1/validate_invite/${invite.body.data.invite.key}`).expect(200);
    expect(check.body.data.inviter).toMatchObject({ id: nova.me.id, username: usernameOf(nova), audio_count: 0, subscriber_count: 0, is_subscribed: false });
    expect(await stored(check.body.data.inviter.avatar)).toMatchObject({ width: 400, height: 400 });
  });

  it('stores a banner resized to 1500 × 500, and removes the image a new one replaces', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#112233' } }).jpeg().toBuffer();
    const first = await upload('banner', jpeg).expect(200);
    expect(await stored(first.body.data.banner)).toMatchObject({ format: 'jpeg', width: 1500, height: 500 });
    const replacedKey = (await keys())!.banner_key!;
    const webp = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#abcdef' } }).webp().toBuffer();
    const second = await upload('banner', webp).expect(200);
    // Never enlarged.
    expect(await stored(second.body.data.banner)).toMatchObject({ format: 'webp', width: 64, height: 32 });
    expect(await world.server.platform.storage.head(replacedKey)).toBeNull();
  });

  it("refuses an image over the size limit with the spec's message: 2 MB for avatars, 4 MB for banners", async () => {
    const threeMb = await noisePng(1024, 1024);
    expect(threeMb.length).toBeGreaterThan(3 * 1024 * 1024);
    const before = { events: await world.eventCount(), keys: await keys() };
    const avatar = await upload('avatar', threeMb).expect(400);
    expect(avatar.body.msg).toEqual({ title: 'Avatar Upload Failed', description: 'Artwork too large (3.0 MB). Maximum size is 2 MB.' });
    expect(avatar.body.errors).toEqual({ avatar: 'Artwork too large (3.0 MB). Maximum size is 2 MB.' });
    const fiveMb = await noisePng(1300, 1300);
    const banner = await upload('banner', fiveMb).expect(400);
    expect(banner.body.msg).toEqual({ title: 'Banner Upload Failed', description: `Artwork too large (${(fiveMb.length / 1024 / 1024).toFixed(1)} MB). Maximum size is 4 MB.` });
    expect({ events: await world.eventCount(), keys: await keys() }).toEqual(before);
    await upload('banner', threeMb).expect(200);
  });

  it('judges the type by the bytes: SVG, text and broken images are refused and nothing is stored', async () => {
    const before = { events: await world.eventCount(), keys: await keys() };
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const bytes of [svg, Buffer.from('just some text'), png.subarray(0, 60)]) {
      const res = await upload('avatar', bytes).expect(400);
      expect(res.body.msg).toEqual({ title: 'Avatar Upload Failed', description: INVALID });
    }
    expect({ events: await world.eventCount(), keys: await keys() }).toEqual(before);
  });

  it('refuses an image whose header claims more than 40 megapixels before decoding it', async () => {
    const bomb = claimedPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(2048);
    const res = await upload('banner', bomb).expect(400);
    expect(res.body.msg).toEqual({ title: 'Banner Upload Failed', description: 'Artwork dimensions too large. Maximum is 40 megapixels.' });
  });

  it('needs the file in the part named after the image, as a multipart form, from a signed-in member', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } }).png().toBuffer();
    const wrongPart = await upload('avatar', png, 'image').expect(400);
    expect(wrongPart.body.msg.description).toBe('Send the image as a file part named avatar');
    await request(world.url).post('/v1/manage/avatar').set(bearer(nova)).send({ avatar: png.toString('base64') }).expect(415);
    await request(world.url).post('/v1/manage/avatar').attach('avatar', png, 'a.png').expect(401);
  });
});
