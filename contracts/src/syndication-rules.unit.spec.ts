import { describe, expect, it } from 'vitest';
import { EMBED_HEIGHT, EMBED_MIN_WIDTH, EMBED_WIDTH, embedCode, embedSize, listenPath, trackOfPageUrl } from './syndication-rules';

describe('the track a page URL names', () => {
  it('reads /{username}/tracks/{id} on any host, http or https', () => {
    expect(trackOfPageUrl('https://music.example/ada/tracks/42')).toEqual({ username: 'ada', trackId: 42 });
    expect(trackOfPageUrl('http://192.168.1.5:3000/ada/tracks/42/?t=1#c')).toEqual({ username: 'ada', trackId: 42 });
  });

  it('reads the visitor page /listen/{username}/{id}, the one a shared link leads to', () => {
    expect(trackOfPageUrl('https://music.example/listen/ada/42')).toEqual({ username: 'ada', trackId: 42 });
    expect(trackOfPageUrl(`https://music.example${listenPath('zoë', 7)}`)).toEqual({ username: 'zoë', trackId: 7 });
    expect(trackOfPageUrl('https://music.example/listen/ada')).toBeNull();
    expect(trackOfPageUrl('https://music.example/listen/%E0%A4%A/42')).toBeNull();
  });

  it('names no track for other pages, other schemes, ids out of range or text that is not a URL', () => {
    for (const url of [
      'https://music.example/ada', 'https://music.example/ada/tracks/0', 'https://music.example/ada/tracks/12x',
      'https://music.example/ada/tracks/99999999999999999', 'javascript:alert(1)//ada/tracks/1', 'ftp://x/ada/tracks/1', 'ada/tracks/1',
    ]) expect(trackOfPageUrl(url), url).toBeNull();
  });
});

describe('the embed size', () => {
  it('is the player size unless the consumer allows less, and never below a usable player', () => {
    expect(embedSize()).toEqual({ width: EMBED_WIDTH, height: EMBED_HEIGHT });
    expect(embedSize(10_000, 10_000)).toEqual({ width: EMBED_WIDTH, height: EMBED_HEIGHT });
    expect(embedSize(320, 120)).toEqual({ width: 320, height: 120 });
    expect(embedSize(1, 1)).toEqual({ width: EMBED_MIN_WIDTH, height: 100 });
  });
});

describe('the embed code a member copies', () => {
  it('frames the track\'s player from this site at the player size', () => {
    expect(embedCode('https://music.example', 42)).toBe(
      `<iframe src="https://music.example/embed/tracks/42" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" frameborder="0" allow="autoplay" title="stardeck player"></iframe>`,
    );
  });
});
