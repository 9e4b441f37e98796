/**
 * Syndication: each member's public tracks as an RSS 2.0 feed at `/{username}/feed.xml`, the
 * visitor page of a shared track at `/listen/{username}/{id}`, and oEmbed at `/oembed?url=`,
 * answered with a small player page that other sites may frame. A feed lists public tracks only;
 * a link (the listen page, the embedded player) also opens an unlisted one, as a member's link
 * does. Private tracks are missing to everyone but their owner.
 */

/** Items in a member's feed: the newest public tracks. */
export const FEED_ITEMS = 50;

/** The embedded player's size; oEmbed's maxwidth and maxheight may shrink it. */
export const EMBED_WIDTH = 480;
export const EMBED_HEIGHT = 160;
export const EMBED_MIN_WIDTH = 200;
export const EMBED_MIN_HEIGHT = 100;
export const EMBED_MAX_SIZE = 4096;

/** A member's track page, `/{username}/tracks/{id}`, and the visitor's, `/listen/{username}/{id}`: the URLs oEmbed answers for. */
export const TRACK_PAGE_PATH = /^\/([^/?#]+)\/tracks\/([1-9]\d{0,15})\/?$/;
export const LISTEN_PAGE_PATH = /^\/listen\/([^/?#]+)\/([1-9]\d{0,15})\/?$/;

/** Where a shared link of a track leads: the page a visitor can open (members are sent on to theirs). */
export function listenPath(username: string, trackId: number): string {
  return `/listen/${encodeURIComponent(username)}/${trackId}`;
}

/** The markup another site pastes to frame a track's player; only our own origin and numbers go into it. */
export function embedCode(origin: string, trackId: number, size = embedSize()): string {
  return `<iframe src="${origin}/embed/tracks/${trackId}" width="${size.width}" height="${size.height}" frameborder="0" allow="autoplay" title="stardeck player"></iframe>`;
}

export const OEMBED_FORMATS = ['json', 'xml'] as const;

export const SYNDICATION_MSG = {
  urlRequired: 'url is required',
  urlInvalid: 'url must be a track page of this site',
  sizeInvalid: (field: string) => `${field} must be a whole number from 1 to ${EMBED_MAX_SIZE}`,
  formatInvalid: `format must be one of ${OEMBED_FORMATS.join(', ')}`,
  xmlUnsupported: 'Only the json format is offered',
  notEmbeddable: 'Track not found',
};

/** The track a page URL names, or null when it names none (any host: the site may be reached under several names). */
export function trackOfPageUrl(url: string): { username: string; trackId: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const match = TRACK_PAGE_PATH.exec(parsed.pathname) ?? LISTEN_PAGE_PATH.exec(parsed.pathname);
  if (!match) return null;
  const trackId = Number(match[2]);
  let username: string;
  try {
    username = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return Number.isSafeInteger(trackId) ? { username, trackId } : null;
}

/** The embed's size within what the consumer allows, never below a usable player. */
export function embedSize(maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  return {
    width: Math.max(EMBED_MIN_WIDTH, Math.min(EMBED_WIDTH, maxWidth ?? EMBED_WIDTH)),
    height: Math.max(EMBED_MIN_HEIGHT, Math.min(EMBED_HEIGHT, maxHeight ?? EMBED_HEIGHT)),
  };
}
