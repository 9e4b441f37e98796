import escapeHtml from 'escape-html';
import type { TrackView } from '@stardeck/contracts';

export interface ListenHead {
  track: TrackView;
  pageUrl: string;
  artworkUrl: string;
  oembedUrl: string;
  embedUrl: string;
}

/**
 * What a chat app or a social site reads when someone pastes a listen link: Open Graph and
 * Twitter card tags, and oEmbed discovery, so the link unfolds into the title, the artwork and
 * the player. They go into the app shell's head; every member-written value is escaped.
 */
export function renderListenHead({ track, pageUrl, artworkUrl, oembedUrl, embedUrl }: ListenHead): string {
  const e = escapeHtml;
  const author = track.display_name?.trim() || track.username;
  const description = track.description?.trim() ? track.description.trim().slice(0, 200) : `${track.title} by ${author} on stardeck`;
  return [
    `<meta property="og:type" content="music.song">`,
    `<meta property="og:site_name" content="stardeck">`,
    `<meta property="og:title" content="${e(`${track.title} · ${author}`)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(pageUrl)}">`,
    `<meta property="og:image" content="${e(artworkUrl)}">`,
    `<meta name="twitter:card" content="player">`,
    `<meta name="twitter:player" content="${e(embedUrl)}">`,
    `<link rel="canonical" href="${e(pageUrl)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${e(oembedUrl)}" title="${e(track.title)}">`,
  ].join('\n');
}
