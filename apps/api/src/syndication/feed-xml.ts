import { XMLBuilder } from 'fast-xml-parser';

export interface FeedChannel {
  /** The member's display name, or their username. */
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  pageUrl: string;
  feedUrl: string;
}

export interface FeedItem {
  title: string;
  description: string | null;
  pageUrl: string;
  audioUrl: string;
  audioBytes: number;
  audioType: string;
  durationSeconds: number | null;
  published: Date;
  artworkUrl: string;
  tags: string[];
}

/** Characters XML 1.0 cannot carry at all, even escaped: dropped from member-written text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const text = (value: string) => value.replace(NOT_XML, '');

// Boolean attributes are HTML's: XML writes isPermaLink="true" in full.
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true, suppressBooleanAttributes: false });

/**
 * A member's public tracks as RSS 2.0 with the iTunes podcast tags that podcast apps read
 * (author, image, duration) and an Atom self link. The builder escapes every value, so titles and
 * bios are always text in the feed.
 */
export function buildFeedXml(channel: FeedChannel, items: FeedItem[], builtAt: Date): string {
  const image = channel.avatarUrl ? { 'itunes:image': { '@_href': channel.avatarUrl }, image: { url: channel.avatarUrl, title: text(channel.name), link: channel.pageUrl } } : {};
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: text(channel.name),
        link: channel.pageUrl,
        'atom:link': { '@_href': channel.feedUrl, '@_rel': 'self', '@_type': 'application/rss+xml' },
        description: text(channel.bio?.trim() || `Tracks by ${channel.name}`),
        generator: 'stardeck',
        lastBuildDate: builtAt.toUTCString(),
        'itunes:author': text(channel.name),
        ...image,
        item: items.map((item) => ({
          title: text(item.title),
          link: item.pageUrl,
          guid: { '#text': item.pageUrl, '@_isPermaLink': 'true' },
          pubDate: item.published.toUTCString(),
          ...(item.description ? { description: text(item.description) } : {}),
          enclosure: { '@_url': item.audioUrl, '@_length': String(item.audioBytes), '@_type': item.audioType },
          ...(item.durationSeconds !== null ? { 'itunes:duration': String(Math.round(item.durationSeconds)) } : {}),
          'itunes:image': { '@_href': item.artworkUrl },
          category: item.tags.map(text),
        })),
      },
    },
  };
  return builder.build(document) as string;
}
