import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startSocialWorld, WORLD_START_MS, type SocialWorld } from './helpers';

interface FeedItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  enclosure: { '@_url': string; '@_length': string; '@_type': string };
  'itunes:duration': number;
  category?: string | string[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'item' });

/**
 * RSS feeds, oEmbed, the listen page and the embedded player: tracks for people who never sign
 * in. A feed lists public tracks only; a link (listen page, player, oEmbed of that link) opens an
 * unlisted one too; nothing private or unknown is ever shown, and member-written text stays text.
 */
describe('syndication: RSS feeds, oEmbed and the embedded player', () => {
  let world: SocialWorld;
  const trackPage = (id: number) => `${world.url}/${world.owner.me.username}/tracks/${id}`;
  const listenPage = (id: number) => `${world.url}/listen/${world.owner.me.username}/${id}`;

  beforeAll(async () => {
    world = await startSocialWorld();
    await call(world, world.owner, 'put', '/v1/manage/tracks', {
      track_id: world.tracks.public, title: 'Rock & <Roll> "live"', description: '</description><script>alert(1)</script>', tags: ['Ambient'],
    }).expect(200);
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const feedOf = (username: string) => request(world.url).get(`/${username}/feed.xml`);

  it("publishes a member's public tracks as RSS 2.0 that podcast apps read, and nothing else of theirs", async () => {
    const res = await feedOf(world.owner.me.username).expect(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { rss } = parser.parse(res.text);
    expect(rss['@_version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.link).toBe(`${world.url}/${world.owner.me.username}`);
    expect(channel['atom:link']['@_href']).toBe(`${world.url}/${world.owner.me.username}/feed.xml`);
    const items = channel.item as FeedItem[];
    // Items link to the listen page: a podcast app's reader is a visitor.
    expect(items.map((item) => item.link)).toEqual([listenPage(world.tracks.public)]);
    const [item] = items;
    // The escaper kept the title and description as text: they parse back exactly as written.
    expect(item!.title).toBe('Rock & <Roll> "live"');
    expect(res.text).not.toContain('<script>');
    expect(item!.guid).toEqual({ '#text': listenPage(world.tracks.public), '@_isPermaLink': 'true' });
    expect(Number.isNaN(Date.parse(item!.pubDate))).toBe(false);
    expect(item!.enclosure['@_url']).toBe(`${world.url}/v1/tracks/${world.tracks.public}/audio`);
    expect(item!.enclosure['@_type']).toBe('audio/mpeg');
    expect(Number(item!.enclosure['@_length'])).toBeGreaterThan(1000);
    expect(item!['itunes:duration']).toBeGreaterThanOrEqual(3);
    expect(item!.category).toBe('Ambient');
  });

  it('answers a feed of someone with no public track empty, and of nobody 404', async () => {
    const { rss } = parser.parse((await feedOf(world.stranger.me.username).expect(200)).text);
    expect(rss.channel.item ?? []).toEqual([]);
    expect((await feedOf('nobody-by-this-name')).status).toBe(404);
  });

  it("serves the audio of a track its link opens (public or unlisted) to anyone through a fresh signed URL, and nothing else", async () => {
    const unlisted = await request(world.url).get(`/v1/tracks/${world.tracks.unlisted}/audio`).expect(302);
    expect(unlisted.headers['cache-control']).toBe('no-store');
    const res = await request(world.url).get(`/v1/tracks/${world.tracks.public}/audio`).expect(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const audio = await fetch(new URL(res.headers.location!, world.url), { headers: { range: 'bytes=0-1' } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');

    const missing = await request(world.url).get('/v1/tracks/999999/audio');
    expect(missing.status).toBe(404);
    // Even for the owner: a feed reader is nobody in particular.
    const hidden = await call(world, world.owner, 'get', `/v1/tracks/${world.tracks.private}/audio`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
  });

  it('answers oEmbed for a public track page with a framed player, sized within what the consumer allows', async () => {
    const res = await request(world.url).get('/oembed').query({ url: trackPage(world.tracks.public), maxwidth: 320 }).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = JSON.parse(res.text);
    expect(answer).toMatchObject({
      version: '1.0', type: 'rich', provider_name: 'stardeck', title: 'Rock & <Roll> "live"', width: 320, height: 160,
      author_url: `${world.url}/${world.owner.me.username}`,
    });
    expect(answer.html).toBe(`<iframe src="${world.url}/embed/tracks/${world.tracks.public}" width="320" height="160" frameborder="0" allow="autoplay" title="stardeck player"></iframe>`);

    // The listen page a shared link leads to is answered alike, and so is an unlisted track's:
    // whoever asks holds its link.
    const listen = JSON.parse((await request(world.url).get('/oembed').query({ url: listenPage(world.tracks.public) }).expect(200)).text);
    expect(listen).toMatchObject({ title: 'Rock & <Roll> "live"', width: 480, height: 160 });
    await request(world.url).get('/oembed').query({ url: listenPage(world.tracks.unlisted) }).expect(200);
  });

  it('refuses oEmbed for anything but a page of a track its link opens, named by its owner, with the rule broken', async () => {
    const notFound = [
      trackPage(world.tracks.private), listenPage(world.tracks.private), `${world.url}/${world.fan.me.username}/tracks/${world.tracks.public}`,
      `${world.url}/listen/${world.fan.me.username}/${world.tracks.public}`,
      `${world.url}/discover`, 'not a url', 'javascript:alert(1)',
    ];
    for (const url of notFound) expect((await request(world.url).get('/oembed').query({ url })).status, url).toBe(404);
    const bad: [object, number, string][] = [
      [{}, 400, 'url is required'],
      [{ url: trackPage(world.tracks.public), maxwidth: 0 }, 400, 'maxwidth must be a whole number from 1 to 4096'],
      [{ url: trackPage(world.tracks.public), maxheight: 'tall' }, 400, 'maxheight must be a whole number from 1 to 4096'],
      [{ url: trackPage(world.tracks.public), format: 'yaml' }, 400, 'format must be one of json, xml'],
      [{ url: trackPage(world.tracks.public), format: 'xml' }, 501, 'Only the json format is offered'],
    ];
    for (const [query, status, message] of bad) {
      const res = await request(world.url).get('/oembed').query(query);
      expect(res.status, JSON.stringify(query)).toBe(status);
      expect(res.body.msg.description).toBe(message);
    }
  });

  it('serves the embedded player to any site that frames it, with the title as text, for tracks their link opens', async () => {
    const res = await request(world.url).get(`/embed/tracks/${world.tracks.public}`).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.text).toContain('Rock &amp; &lt;Roll&gt; &quot;live&quot;');
    expect(res.text).not.toContain('<Roll>');
    expect(res.text).toContain(`src="/v1/tracks/${world.tracks.public}/audio"`);
    // Everything else keeps refusing to be framed.
    const home = await request(world.url).get('/v1/discover');
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');

    await request(world.url).get(`/embed/tracks/${world.tracks.unlisted}`).expect(200);
    for (const hidden of [world.tracks.private, 999_999]) {
      expect((await request(world.url).get(`/embed/tracks/${hidden}`)).status).toBe(404);
    }
    const script = await request(world.url).get('/embed/player.js').expect(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });
});
